CREATE TABLE "term_result_subjects" (
	"result_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"score" numeric(5, 2),
	"grade" text,
	CONSTRAINT "term_result_subjects_result_id_subject_pk" PRIMARY KEY("result_id","subject"),
	CONSTRAINT "term_result_subjects_score_range" CHECK ("term_result_subjects"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "term_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"class_arm_id" uuid,
	"average" numeric(5, 2),
	"position" integer,
	"class_size" integer,
	"days_present" integer,
	"total_days" integer,
	"late_days" integer,
	"remark" text,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_results_average_range" CHECK ("term_results"."average" between 0 and 100),
	CONSTRAINT "term_results_position_range" CHECK ("term_results"."position" >= 1 and "term_results"."position" <= coalesce("term_results"."class_size", "term_results"."position")),
	CONSTRAINT "term_results_class_size_positive" CHECK ("term_results"."class_size" >= 1),
	CONSTRAINT "term_results_attendance" CHECK ("term_results"."days_present" >= 0 and "term_results"."days_present" <= coalesce("term_results"."total_days", "term_results"."days_present")),
	CONSTRAINT "term_results_late" CHECK ("term_results"."late_days" >= 0 and "term_results"."late_days" <= coalesce("term_results"."days_present", "term_results"."late_days"))
);
--> statement-breakpoint
ALTER TABLE "term_result_subjects" ADD CONSTRAINT "term_result_subjects_result_id_term_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."term_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_results" ADD CONSTRAINT "term_results_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_results" ADD CONSTRAINT "term_results_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_results" ADD CONSTRAINT "term_results_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_results" ADD CONSTRAINT "term_results_class_arm_id_class_arms_id_fk" FOREIGN KEY ("class_arm_id") REFERENCES "public"."class_arms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_results" ADD CONSTRAINT "term_results_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "term_results_term_student_uq" ON "term_results" USING btree ("term_id","student_id");--> statement-breakpoint
CREATE INDEX "term_results_school_term_idx" ON "term_results" USING btree ("school_id","term_id","class_arm_id");--> statement-breakpoint
CREATE INDEX "term_results_student_idx" ON "term_results" USING btree ("student_id");