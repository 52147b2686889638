import type { WebhookEndpoint } from '@fleet/contract';

/** A customer's company, its engineering manager, and two of its endpoints: one on, one turned off. */
export const COMPANY = { id: '6d5a3b0e-1f2c-4c1e-9a77-1b2c3d4e5f60', name: 'Garage Martin' };
export const CUSTOMER = { me: { wholeFleet: false, company: COMPANY } };
export const MANAGER = 'customer-engineering-manager';

export const ON: WebhookEndpoint = {
  id: 1,
  url: 'https://erp.example.com/fleet',
  eventTypes: ['job.created', 'job.failed'],
  companyId: COMPANY.id,
  companyName: COMPANY.name,
  ownerName: 'Léa Martin',
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  consecutiveFailures: 0,
  createdAt: '2026-11-20T09:00:00.000Z',
};
export const OFF: WebhookEndpoint = {
  ...ON,
  id: 2,
  url: 'https://old.example.com/hook',
  enabled: false,
  disabledReason: 'consecutive-failures',
  disabledAt: '2026-11-28T09:00:00.000Z',
  consecutiveFailures: 10,
};
