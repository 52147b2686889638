CREATE TABLE "certificate_templates" (
	"device_type" varchar(32) PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL
);
