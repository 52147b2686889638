CREATE TABLE "part_numbers" (
	"part_number" varchar(10) PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL
);
