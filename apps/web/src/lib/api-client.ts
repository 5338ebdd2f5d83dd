import { ERROR_CODES, type ErrorCode, MSG } from '@schoolledger/domain';
import { notify } from './notify';

const BASE = '/api/v1';
const TIMEOUT_MS = 10_000;
/** A file the server builds may be a year's journal, streamed for a minute or more. */
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;
const LOGIN_PATH = '/auth/login';
const REFRESH_PATH = '/auth/refresh';

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    /** The server's own message, '' when it sent none (then `message` is the generic text). */
    readonly serverMessage = '',
    /** The envelope's `code`, for the few failures a screen must tell apart. */
    readonly code: ErrorCode | null = null,
  ) {
    super(message);
  }
}

/** The server's message when it gave one, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** No toast on failure: for forms that show the error inline. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, such as the cash desk's Idempotency-Key. */
  headers?: Record<string, string>;
}

/**
 * The auth store registers these at start-up; the client cannot import it directly without a
 * cycle (the store itself calls the API).
 */
export interface AuthHooks {
  getToken(): string | null;
  /** Rotates the tokens; rejects when the session cannot be renewed. */
  refresh(): Promise<void>;
  onSessionExpired(): void;
  /** The server refused the call until the user replaces a temporary password. */
  onPasswordChangeRequired(): void;
}

let auth: AuthHooks | null = null;
let refreshing: Promise<boolean> | null = null;
let unloading = false;

export function configureApiAuth(hooks: AuthHooks) {
  auth = hooks;
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    unloading = true;
  });
  window.addEventListener('pageshow', () => {
    unloading = false;
  });
}

interface RawResponse {
  status: number;
  ok: boolean;
  envelope: { success?: boolean; message?: string; data?: unknown; code?: unknown; errors?: FieldError[] } | null;
  blob?: Blob;
}

type Attempt = () => Promise<RawResponse>;

function isNotificationPath(path: string) {
  return path.startsWith('/notification');
}

function toastMessage(status: number, serverMessage: string, path: string): string | null {
  const isLogin = path === LOGIN_PATH;
  switch (status) {
    case 0:
      return MSG.network;
    case 400:
      return serverMessage || MSG.badRequest;
    case 401:
      return isLogin ? serverMessage || MSG.invalidCredentials : MSG.sessionExpired;
    case 403:
      // Sign-in refuses inactive accounts with 403 and a message the user must read.
      return isLogin && serverMessage ? serverMessage : MSG.notAuthorized;
    case 404:
      return isNotificationPath(path) ? null : MSG.notFound;
    case 422:
      return serverMessage || MSG.validation;
    case 500:
      return MSG.internal;
    default:
      return serverMessage || MSG.unexpected;
  }
}

const KNOWN_CODES = new Set<string>(Object.values(ERROR_CODES));
/** The envelope's code when it is one of ours; a proxy's or a stranger's text is none. */
const codeOf = (code: unknown): ErrorCode | null =>
  typeof code === 'string' && KNOWN_CODES.has(code) ? (code as ErrorCode) : null;

function fail({
  path,
  status,
  serverMessage,
  errors = [],
  code = null,
  silent,
}: {
  path: string;
  status: number;
  serverMessage: string;
  errors?: FieldError[];
  code?: ErrorCode | null;
  silent?: boolean | undefined;
}): never {
  const shown = toastMessage(status, serverMessage, path);
  if (shown && !silent) notify.error(shown);
  throw new ApiError(status, serverMessage || shown || MSG.unexpected, errors, serverMessage, code);
}

/** One refresh at a time: concurrent 401s all wait for the same rotation. */
function refreshOnce(): Promise<boolean> {
  if (!auth) return Promise.resolve(false);
  const hooks = auth;
  refreshing ??= hooks
    .refresh()
    .then(() => true)
    .catch(() => {
      hooks.onSessionExpired();
      notify.error(MSG.sessionExpired);
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function attemptSafely(attempt: Attempt, signal: AbortSignal | undefined): Promise<RawResponse | null> {
  try {
    return await attempt();
  } catch (error) {
    if (signal?.aborted) throw new ApiError(0, 'Request cancelled');
    if (error instanceof ApiError) throw error;
    return null;
  }
}

async function run(path: string, attempt: Attempt, options: Pick<RequestOptions, 'silent' | 'signal'>) {
  if (unloading) throw new ApiError(0, 'Page is unloading');
  let response = await attemptSafely(attempt, options.signal);
  const canRefresh = path !== LOGIN_PATH && path !== REFRESH_PATH && auth?.getToken();
  if (response?.status === 401 && canRefresh) {
    if (!(await refreshOnce())) throw new ApiError(401, MSG.sessionExpired);
    response = await attemptSafely(attempt, options.signal);
  }
  if (!response) return fail({ path, status: 0, serverMessage: '', silent: options.silent });
  const { envelope } = response;
  if (response.ok && envelope?.success !== false) return response;
  if (envelope?.code === ERROR_CODES.passwordChangeRequired) {
    // Not an error to toast: the guard takes the user to the change-password screen instead.
    auth?.onPasswordChangeRequired();
    const message = envelope.message || MSG.passwordChangeRequired;
    throw new ApiError(response.status, message, [], message, ERROR_CODES.passwordChangeRequired);
  }
  return fail({
    path,
    status: response.status,
    serverMessage: envelope?.message ?? '',
    errors: envelope?.errors ?? [],
    code: codeOf(envelope?.code),
    silent: options.silent,
  });
}

function url(path: string, query?: RequestOptions['query']) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${BASE}${path}${qs ? `?${qs}` : ''}`;
}

function authHeader(): Record<string, string> {
  const token = auth?.getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function readEnvelope(response: Response): Promise<RawResponse['envelope']> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function fetchAttempt(path: string, options: RequestOptions, asBlob = false): Attempt {
  return async () => {
    const timeout = AbortSignal.timeout(asBlob ? DOWNLOAD_TIMEOUT_MS : TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const response = await fetch(url(path, options.query), {
      method: options.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        'Cache-Control': 'no-cache',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
        ...authHeader(),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
    if (asBlob && response.ok)
      return { status: response.status, ok: true, envelope: null, blob: await response.blob() };
    return { status: response.status, ok: response.ok, envelope: await readEnvelope(response) };
  };
}

/** Sends a JSON request and returns the envelope's `data`. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await run(path, fetchAttempt(path, options), options);
  return response.envelope?.data as T;
}

/** Like `request`, keeping the server's message for screens that show it (SPEC §8). */
export async function requestWithMessage<T>(path: string, options: RequestOptions = {}) {
  const response = await run(path, fetchAttempt(path, options), options);
  return { data: response.envelope?.data as T, message: response.envelope?.message ?? '' };
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: BodyOptions) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodyOptions) => request<T>(path, { ...options, method: 'DELETE' }),
};

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Multipart field name of the file; the API expects `file`. */
  field?: string;
  /** Extra multipart text fields. */
  fields?: Record<string, string>;
  /** Called with 0-100 as the body is sent. */
  onProgress?: (percent: number) => void;
  silent?: boolean;
  signal?: AbortSignal;
}

/**
 * Multipart upload through XMLHttpRequest, the only browser API that reports upload progress.
 * `file` may be null for a form whose file is optional: the text fields still go as multipart.
 */
export async function upload<T>(path: string, file: Blob | null, options: UploadOptions = {}): Promise<T> {
  const attempt: Attempt = () =>
    new Promise((resolve, reject) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
      if (file) form.append(options.field ?? 'file', file);
      const xhr = new XMLHttpRequest();
      xhr.open(options.method ?? 'POST', url(path));
      xhr.timeout = TIMEOUT_MS * 6;
      xhr.setRequestHeader('Accept', 'application/json');
      for (const [key, value] of Object.entries(authHeader())) xhr.setRequestHeader(key, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
      };
      xhr.onload = () => {
        let envelope: RawResponse['envelope'] = null;
        try {
          envelope = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          envelope = null;
        }
        resolve({ status: xhr.status, ok: xhr.status >= 200 && xhr.status < 300, envelope });
      };
      xhr.onerror = () => reject(new Error('network'));
      xhr.ontimeout = () => reject(new Error('timeout'));
      xhr.onabort = () => reject(new Error('aborted'));
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  const response = await run(path, attempt, options);
  return response.envelope?.data as T;
}

/** Fetches a file with the caller's credentials, such as an uploaded image to preview. */
export async function getBlob(path: string, options: BodyOptions = {}): Promise<Blob> {
  const response = await run(path, fetchAttempt(path, options, true), options);
  if (!response.blob) throw new ApiError(response.status, MSG.unexpected);
  return response.blob;
}

/** Fetches a file as a blob and saves it under `filename`. */
export async function download(path: string, filename: string, options: BodyOptions = {}): Promise<void> {
  const href = URL.createObjectURL(await getBlob(path, options));
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking on the next task lets the browser start the download first.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
