-- Each company gets one billing currency from its country (packages/contract/src/money.ts,
-- billingCurrencyOfCountry). Orders already placed keep the currency they were priced and paid in.
ALTER TABLE "companies" ADD COLUMN "billing_currency" char(3);--> statement-breakpoint
UPDATE "companies" SET "billing_currency" = CASE
  WHEN "country" IN ('AT','BE','BG','CY','DE','EE','ES','FI','FR','GR','HR','IE','IT','LT','LU','LV','MT','NL','PT','SI','SK') THEN 'EUR'
  WHEN "country" = 'JP' THEN 'JPY'
  WHEN "country" = 'CN' THEN 'CNY'
  ELSE 'USD'
END;--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "billing_currency" SET NOT NULL;
