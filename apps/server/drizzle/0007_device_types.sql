CREATE TABLE "device_types" (
	"type" varchar(32) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"declared_by" text
);
