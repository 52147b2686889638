CREATE TABLE "survey_answers" (
	"survey_id" integer NOT NULL,
	"question_code" varchar(40) NOT NULL,
	"score" smallint NOT NULL,
	CONSTRAINT "survey_answers_survey_id_question_code_pk" PRIMARY KEY("survey_id","question_code"),
	CONSTRAINT "survey_answers_score_range" CHECK ("survey_answers"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"position" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" uuid NOT NULL,
	"service_center_id" integer NOT NULL,
	"delivered_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"comment" text,
	"entered_by" uuid,
	"entered_by_name" text,
	"source" varchar(16),
	CONSTRAINT "surveys_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_question_code_survey_questions_code_fk" FOREIGN KEY ("question_code") REFERENCES "public"."survey_questions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_service_center_id_service_centers_id_fk" FOREIGN KEY ("service_center_id") REFERENCES "public"."service_centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_answers_question_idx" ON "survey_answers" USING btree ("question_code","score");--> statement-breakpoint
CREATE INDEX "surveys_delivered_idx" ON "surveys" USING btree ("delivered_at");--> statement-breakpoint
CREATE INDEX "surveys_center_idx" ON "surveys" USING btree ("service_center_id","delivered_at");--> statement-breakpoint
CREATE INDEX "surveys_entered_by_idx" ON "surveys" USING btree ("entered_by");--> statement-breakpoint
-- The survey's questions (their texts are the console's, statistics.questions.<code>).
INSERT INTO "survey_questions" ("code", "position") VALUES
	('overall', 1), ('communication', 2), ('turnaround', 3), ('quality', 4), ('recommend', 5);
--> statement-breakpoint
-- Orders delivered before surveys existed get theirs, as if opened at their delivery.
INSERT INTO "surveys" ("order_id", "company_id", "service_center_id", "delivered_at")
SELECT o."id", o."company_id", o."service_center_id",
	coalesce((SELECT max(e."at") FROM "order_events" e WHERE e."order_id" = o."id" AND e."action" = 'deliver'), o."updated_at")
FROM "orders" o WHERE o."status" = 'delivered';
