// Plain constants, apart from the zod schemas: the web's entry reads them, and importing them from
// a schema module would pull zod into the first load.

/**
 * Every error envelope names its failure in `code`, so clients branch on codes, never on the
 * message text. The codes are part of the contract: never rename one, only add.
 */

/** Failures any route can answer with, told apart by status. */
export const GENERIC_ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  requestTimeout: 'REQUEST_TIMEOUT',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  uriTooLong: 'URI_TOO_LONG',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  validationFailed: 'VALIDATION_FAILED',
  rateLimited: 'RATE_LIMITED',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  internal: 'INTERNAL',
  providerUnavailable: 'PROVIDER_UNAVAILABLE',
} as const;

export const AUTH_ERROR_CODES = {
  /** The account still has a temporary or derived password: only changing it is allowed. */
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountLocked: 'ACCOUNT_LOCKED',
  accountInactive: 'ACCOUNT_INACTIVE',
  /** The sign-in went unused for longer than the group's session timeout: sign in again. */
  sessionIdle: 'SESSION_IDLE',
} as const;

export const ACADEMIC_ERROR_CODES = {
  sessionNotFound: 'SESSION_NOT_FOUND',
  termNotFound: 'TERM_NOT_FOUND',
  classArmNotFound: 'CLASS_ARM_NOT_FOUND',
} as const;

export const SCHOOL_ERROR_CODES = {
  schoolNotFound: 'SCHOOL_NOT_FOUND',
  /** Another school of the group has the receipt code, or printed it on its receipts. */
  receiptCodeTaken: 'RECEIPT_CODE_TAKEN',
} as const;

export const STUDENT_ERROR_CODES = {
  studentNotFound: 'STUDENT_NOT_FOUND',
  regNoTaken: 'REG_NO_TAKEN',
} as const;

export const USER_ERROR_CODES = {
  userNotFound: 'USER_NOT_FOUND',
  emailTaken: 'EMAIL_TAKEN',
  /** Nobody adds or removes a role of their own. */
  ownRolesLocked: 'OWN_ROLES_LOCKED',
  /** The role is reserved to Admin, or carries a permission the caller does not hold. */
  roleNotGrantable: 'ROLE_NOT_GRANTABLE',
  /** The user holds a permission the caller does not, so the caller cannot change them. */
  userHoldsMore: 'USER_HOLDS_MORE',
} as const;

export const FEE_ERROR_CODES = {
  feeNotFound: 'FEE_NOT_FOUND',
  feeHasPayments: 'FEE_HAS_PAYMENTS',
  feeAlreadyApproved: 'FEE_ALREADY_APPROVED',
  feeNotAwaitingApproval: 'FEE_NOT_AWAITING_APPROVAL',
  /** Four-eyes: the person who created or last changed a fee cannot approve it. */
  ownFeeApproval: 'OWN_FEE_APPROVAL',
  /** The outstanding report needs a term and the school has none yet. */
  noTerms: 'NO_TERMS',
  /** Everyone who owes the fee was already reminded by hand today. */
  feeRemindedToday: 'FEE_REMINDED_TODAY',
} as const;

export const ADJUSTMENT_ERROR_CODES = {
  adjustmentNotFound: 'ADJUSTMENT_NOT_FOUND',
  /** Four-eyes: the person who recorded an adjustment or a rule cannot approve it. */
  ownAdjustmentApproval: 'OWN_ADJUSTMENT_APPROVAL',
  adjustmentNotPending: 'ADJUSTMENT_NOT_PENDING',
  adjustmentNotApproved: 'ADJUSTMENT_NOT_APPROVED',
  /** A reduction larger than what is still owed on the fee. */
  adjustmentAboveBalance: 'ADJUSTMENT_ABOVE_BALANCE',
  /** The document of a decided adjustment stays as it was decided on: not replaced, not removed. */
  adjustmentDocumentFixed: 'ADJUSTMENT_DOCUMENT_FIXED',
  adjustmentRuleNotFound: 'ADJUSTMENT_RULE_NOT_FOUND',
  lateFeePolicyNotFound: 'LATE_FEE_POLICY_NOT_FOUND',
} as const;

export const EXPENSE_ERROR_CODES = {
  expenseNotFound: 'EXPENSE_NOT_FOUND',
  /** The step is not allowed from the expense's status (e.g. approving a draft, editing an approved one). */
  expenseTransitionNotAllowed: 'EXPENSE_TRANSITION_NOT_ALLOWED',
  /**
   * Four eyes: the person who recorded or submitted an expense, changed its amount or payee, or is
   * its payee cannot approve or reject it.
   */
  ownExpenseApproval: 'OWN_EXPENSE_APPROVAL',
  /** Above the school's threshold: only a proprietor (or the admin) approves it. */
  expenseNeedsProprietor: 'EXPENSE_NEEDS_PROPRIETOR',
  /** A payout larger than what remains of the approved amount. */
  payoutAboveRemaining: 'PAYOUT_ABOVE_REMAINING',
  expenseNotPayable: 'EXPENSE_NOT_PAYABLE',
  payoutNotFound: 'PAYOUT_NOT_FOUND',
  payoutAlreadyReversed: 'PAYOUT_ALREADY_REVERSED',
  expenseAttachmentNotFound: 'EXPENSE_ATTACHMENT_NOT_FOUND',
  vendorNotFound: 'VENDOR_NOT_FOUND',
  vendorExists: 'VENDOR_EXISTS',
  vendorBankChangeNotFound: 'VENDOR_BANK_CHANGE_NOT_FOUND',
  /** Four eyes: the person who proposed new bank details for a vendor cannot approve them. */
  ownVendorBankChange: 'OWN_VENDOR_BANK_CHANGE',
  /** The change of bank details was already approved, rejected or replaced by a newer one. */
  vendorBankChangeNotPending: 'VENDOR_BANK_CHANGE_NOT_PENDING',
  /** A payout dated before its expense was recorded, or in a session that is closed. */
  payoutDateNotAllowed: 'PAYOUT_DATE_NOT_ALLOWED',
  budgetNotFound: 'BUDGET_NOT_FOUND',
} as const;

export const BANK_STATEMENT_ERROR_CODES = {
  /** A statement line that is not the caller's school's, or not there at all. */
  bankLineNotFound: 'BANK_LINE_NOT_FOUND',
  /** The line was credited (or set aside as not a payment) before this decision came. */
  bankLineDecided: 'BANK_LINE_DECIDED',
  /** A CSV or Excel statement whose header row was not recognised: the bursar chooses the columns. */
  statementColumnsNeeded: 'STATEMENT_COLUMNS_NEEDED',
} as const;

export const PAYMENT_ERROR_CODES = {
  paymentNotFound: 'PAYMENT_NOT_FOUND',
  feeNotPayable: 'FEE_NOT_PAYABLE',
  feeAlreadyPaid: 'FEE_ALREADY_PAID',
  amountAboveOutstanding: 'AMOUNT_ABOVE_OUTSTANDING',
  fullPaymentRequired: 'FULL_PAYMENT_REQUIRED',
  amountBelowMinimumInstallment: 'AMOUNT_BELOW_MINIMUM_INSTALLMENT',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  paymentMethodUnavailable: 'PAYMENT_METHOD_UNAVAILABLE',
  receiptNotReady: 'RECEIPT_NOT_READY',
  refundNotAllowed: 'REFUND_NOT_ALLOWED',
  alreadyRefunded: 'ALREADY_REFUNDED',
  transferNotPending: 'TRANSFER_NOT_PENDING',
  providerRefusedRefund: 'PROVIDER_REFUSED_REFUND',
  /** A webhook whose signature does not match the school's keys. */
  invalidSignature: 'INVALID_SIGNATURE',
  checkoutNotFound: 'CHECKOUT_NOT_FOUND',
  /** A family checkout's fees belong to schools whose money goes to different provider accounts. */
  checkoutAccountsDiffer: 'CHECKOUT_ACCOUNTS_DIFFER',
} as const;

export const TILL_ERROR_CODES = {
  tillNotFound: 'TILL_NOT_FOUND',
  /** The bursar already has an open till at the school: one at a time. */
  tillAlreadyOpen: 'TILL_ALREADY_OPEN',
  /** The school takes cash only into an open till, and the person recording it has none. */
  tillRequiredForCash: 'TILL_REQUIRED_FOR_CASH',
  /** The step is not allowed from the session's status (closing a closed till, banking before confirmation). */
  tillTransitionNotAllowed: 'TILL_TRANSITION_NOT_ALLOWED',
  /** Only the bursar who opened a till counts and closes it. */
  tillNotYours: 'TILL_NOT_YOURS',
  /** The counted drawer differs from what is expected by more than the school's tolerance: say why. */
  tillVarianceReasonRequired: 'TILL_VARIANCE_REASON_REQUIRED',
  /** Four eyes: the person who opened or closed a till cannot confirm its close. */
  ownTillConfirmation: 'OWN_TILL_CONFIRMATION',
  /** The school's settings do not let this role confirm a till's close. */
  tillConfirmerNotAllowed: 'TILL_CONFIRMER_NOT_ALLOWED',
  /** More banked than the drawer held when it was counted. */
  tillBankAboveCounted: 'TILL_BANK_ABOVE_COUNTED',
} as const;

export const TILL_VOID_ERROR_CODES = {
  tillVoidNotFound: 'TILL_VOID_NOT_FOUND',
  /** Only a successful cash payment taken into this open till, not refunded, may be voided, by its bursar. */
  tillVoidNotAllowed: 'TILL_VOID_NOT_ALLOWED',
  /** The payment already has a void waiting or approved. */
  tillVoidAlreadyRequested: 'TILL_VOID_ALREADY_REQUESTED',
  /** The void was already approved or rejected. */
  tillVoidAlreadyDecided: 'TILL_VOID_ALREADY_DECIDED',
  /** Four eyes: whoever asked, recorded the payment or benefits from it cannot decide its void. */
  tillVoidOwnDecision: 'TILL_VOID_OWN_DECISION',
  /** The school's settings do not let this role decide a void. */
  tillVoidDeciderNotAllowed: 'TILL_VOID_DECIDER_NOT_ALLOWED',
  /** A till with a void waiting cannot be closed until it is decided. */
  tillVoidPending: 'TILL_VOID_PENDING',
} as const;

export const FAMILY_CREDIT_ERROR_CODES = {
  familyNotFound: 'FAMILY_NOT_FOUND',
  /** More credit asked for than the family holds, also when another desk spent it a moment before. */
  creditNotEnough: 'CREDIT_NOT_ENOUGH',
  paybackNotFound: 'PAYBACK_NOT_FOUND',
  /** Four eyes: the person who asked for credit to be paid back cannot approve or reject it. */
  ownPaybackApproval: 'OWN_PAYBACK_APPROVAL',
  /** The payback has already been approved or rejected. */
  paybackNotPending: 'PAYBACK_NOT_PENDING',
} as const;

export const PAYMENT_PROFILE_ERROR_CODES = {
  apiKeysRequired: 'API_KEYS_REQUIRED',
} as const;

export const MESSAGING_ERROR_CODES = {
  /** The code typed is not the one sent to the phone. */
  phoneCodeWrong: 'PHONE_CODE_WRONG',
  /** No code is waiting (none asked for, or it expired or was tried too often). */
  phoneCodeExpired: 'PHONE_CODE_EXPIRED',
  /** Consent asked for before the person confirmed their phone. */
  phoneNotVerified: 'PHONE_NOT_VERIFIED',
  /** The wording agreed to is not the wording the person is shown now. */
  consentWordingChanged: 'CONSENT_WORDING_CHANGED',
  /** The server has no provider for the channel. */
  channelUnavailable: 'MESSAGE_CHANNEL_UNAVAILABLE',
  /** A provider webhook whose signature does not match. */
  messagingWebhookSignature: 'MESSAGING_WEBHOOK_SIGNATURE',
} as const;

export const VIRTUAL_ACCOUNT_ERROR_CODES = {
  /** A virtual account that is not the caller's school's, or not there at all. */
  virtualAccountNotFound: 'VIRTUAL_ACCOUNT_NOT_FOUND',
  /** The school has not switched virtual accounts on (or switched them off). */
  virtualAccountsOff: 'VIRTUAL_ACCOUNTS_OFF',
  /** Neither a parent with a child at the school nor a student of it with no parent linked. */
  virtualAccountHolderNotFound: 'VIRTUAL_ACCOUNT_HOLDER_NOT_FOUND',
  /** A student whose family has a parent: the family's account is the parent's. */
  virtualAccountHolderHasParent: 'VIRTUAL_ACCOUNT_HOLDER_HAS_PARENT',
  /** The provider gave a number another school's account already holds (one provider account shared by schools). */
  virtualAccountNumberTaken: 'VIRTUAL_ACCOUNT_NUMBER_TAKEN',
  /** The account was already deactivated. */
  virtualAccountInactive: 'VIRTUAL_ACCOUNT_INACTIVE',
  /** The provider refused the call or could not be reached (502). */
  virtualAccountProviderFailed: 'VIRTUAL_ACCOUNT_PROVIDER_FAILED',
  /** Flutterwave opens an account only with the holder's BVN, which only the family can give. */
  virtualAccountBvnRequired: 'VIRTUAL_ACCOUNT_BVN_REQUIRED',
  /** The provider has no call to resend an account's missed transfers (Flutterwave). */
  virtualAccountRequeryUnsupported: 'VIRTUAL_ACCOUNT_REQUERY_UNSUPPORTED',
  /** A payer asked to open their own account at a school that opens them itself (Paystack). */
  virtualAccountsOpenedBySchool: 'VIRTUAL_ACCOUNTS_OPENED_BY_SCHOOL',
} as const;

export const SETTLEMENT_ERROR_CODES = {
  /** The provider refused the settlements call or could not be reached (502). */
  settlementProviderFailed: 'SETTLEMENT_PROVIDER_FAILED',
} as const;

export const EXPORT_ERROR_CODES = {
  /** The filters match more rows than one file may hold: narrow them. */
  exportTooLarge: 'EXPORT_TOO_LARGE',
} as const;

export const REPORT_ERROR_CODES = {
  reportNotFound: 'REPORT_NOT_FOUND',
  /** The file was made more than REPORT_FILE_DAYS ago and has been deleted: generate it again. */
  reportExpired: 'REPORT_EXPIRED',
  /** Still being generated (or it failed): poll the run, then download. */
  reportNotReady: 'REPORT_NOT_READY',
  scheduleNotFound: 'REPORT_SCHEDULE_NOT_FOUND',
} as const;

export const BOOKS_ERROR_CODES = {
  ledgerAccountNotFound: 'LEDGER_ACCOUNT_NOT_FOUND',
  /** Another account of the school has the code. */
  ledgerAccountCodeTaken: 'LEDGER_ACCOUNT_CODE_TAKEN',
  /** The books are already closed through that day or a later one: a close only moves forward. */
  periodAlreadyClosed: 'PERIOD_ALREADY_CLOSED',
} as const;

export const SYSTEM_ERROR_CODES = {
  /** One backup at a time: another is still being written. */
  backupRunning: 'BACKUP_RUNNING',
} as const;

export const PRIVACY_ERROR_CODES = {
  /** Only a deactivated account is erased: the person must have left first. */
  accountStillActive: 'ACCOUNT_STILL_ACTIVE',
  /** Only student and parent accounts are erased; staff records are the school's own. */
  notErasable: 'NOT_ERASABLE',
  alreadyErased: 'ALREADY_ERASED',
  /** The name typed to confirm an erasure is not the person's. */
  erasureNameMismatch: 'ERASURE_NAME_MISMATCH',
} as const;

export const FORECAST_ERROR_CODES = {
  commitmentNotFound: 'COMMITMENT_NOT_FOUND',
} as const;

export const ERROR_CODES = {
  ...GENERIC_ERROR_CODES,
  ...AUTH_ERROR_CODES,
  ...ACADEMIC_ERROR_CODES,
  ...SCHOOL_ERROR_CODES,
  ...STUDENT_ERROR_CODES,
  ...USER_ERROR_CODES,
  ...FEE_ERROR_CODES,
  ...ADJUSTMENT_ERROR_CODES,
  ...EXPENSE_ERROR_CODES,
  ...PAYMENT_ERROR_CODES,
  ...BANK_STATEMENT_ERROR_CODES,
  ...FAMILY_CREDIT_ERROR_CODES,
  ...TILL_ERROR_CODES,
  ...FORECAST_ERROR_CODES,
  ...TILL_VOID_ERROR_CODES,
  ...PAYMENT_PROFILE_ERROR_CODES,
  ...VIRTUAL_ACCOUNT_ERROR_CODES,
  ...MESSAGING_ERROR_CODES,
  ...SETTLEMENT_ERROR_CODES,
  ...EXPORT_ERROR_CODES,
  ...REPORT_ERROR_CODES,
  ...BOOKS_ERROR_CODES,
  ...SYSTEM_ERROR_CODES,
  ...PRIVACY_ERROR_CODES,
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
const errorCodes: readonly string[] = Object.values(ERROR_CODES);
export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && errorCodes.includes(code);

/** The code every error of a status carries unless a more precise one names it. */
export function errorCodeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: ERROR_CODES.badRequest,
    401: ERROR_CODES.unauthenticated,
    403: ERROR_CODES.forbidden,
    404: ERROR_CODES.notFound,
    405: ERROR_CODES.methodNotAllowed,
    408: ERROR_CODES.requestTimeout,
    409: ERROR_CODES.conflict,
    413: ERROR_CODES.payloadTooLarge,
    414: ERROR_CODES.uriTooLong,
    415: ERROR_CODES.unsupportedMediaType,
    422: ERROR_CODES.validationFailed,
    429: ERROR_CODES.rateLimited,
    431: ERROR_CODES.headersTooLarge,
    502: ERROR_CODES.providerUnavailable,
  };
  return byStatus[status] ?? (status >= 500 ? ERROR_CODES.internal : ERROR_CODES.badRequest);
}
