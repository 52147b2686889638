ALTER TABLE "stores" DROP CONSTRAINT "stores_official_store_code_unique";--> statement-breakpoint
CREATE INDEX "stores_code_idx" ON "stores" USING btree ("official_store_code");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_company_code_unique" UNIQUE NULLS NOT DISTINCT("company_id","official_store_code");