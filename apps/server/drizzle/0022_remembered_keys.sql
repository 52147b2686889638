CREATE TABLE "remembered_keys" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "remembered_keys_expires_idx" ON "remembered_keys" USING btree ("expires_at");