-- Rows written before this migration take their school from the row they hang off: a fee's
-- targets the fee's school, a parent link the child's school (a parent's children may attend two
-- schools of a group), a webhook event the school of the payment it names. The columns are added
-- nullable, filled, and only then made NOT NULL.
ALTER TABLE "fee_class_arms" ADD COLUMN "school_id" uuid;--> statement-breakpoint
ALTER TABLE "fee_students" ADD COLUMN "school_id" uuid;--> statement-breakpoint
ALTER TABLE "parent_students" ADD COLUMN "school_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD COLUMN "school_id" uuid;--> statement-breakpoint
UPDATE "fee_class_arms" SET "school_id" = "fees"."school_id" FROM "fees" WHERE "fees"."id" = "fee_class_arms"."fee_id";--> statement-breakpoint
UPDATE "fee_students" SET "school_id" = "fees"."school_id" FROM "fees" WHERE "fees"."id" = "fee_students"."fee_id";--> statement-breakpoint
UPDATE "parent_students" SET "school_id" = "users"."school_id" FROM "users" WHERE "users"."id" = "parent_students"."student_id";--> statement-breakpoint
-- Events for a reference that is none of ours keep no school.
UPDATE "payment_webhook_events" SET "school_id" = "payments"."school_id" FROM "payments" WHERE "payments"."reference" = "payment_webhook_events"."reference";--> statement-breakpoint
ALTER TABLE "fee_class_arms" ALTER COLUMN "school_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_students" ALTER COLUMN "school_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_students" ALTER COLUMN "school_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_class_arms" ADD CONSTRAINT "fee_class_arms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_students" ADD CONSTRAINT "fee_students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_students" ADD CONSTRAINT "parent_students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;
