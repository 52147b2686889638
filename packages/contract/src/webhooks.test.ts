import { describe, expect, it } from 'vitest';
import { FLEET_EVENT_TYPES } from './notifications.ts';
import {
  WEBHOOK_EVENT_TYPES,
  webhookCreateSchema,
  webhookEventTypesFor,
  webhookReceives,
  webhookThreshold,
  webhookUrlRule,
  type WebhookReach,
} from './webhooks.ts';

const production = { demoMode: false };
const demo = { demoMode: true };

describe('a webhook URL', () => {
  it('is HTTPS, or HTTP to this machine', () => {
    expect(webhookUrlRule('https://hooks.example.com/fleet', production)).toBeNull();
    for (const url of [
      'http://127.0.0.1:9000/hook',
      'http://127.8.0.1/',
      'http://localhost/',
      'http://[::1]:80/',
    ])
      expect(webhookUrlRule(url, production), url).toBeNull();
    expect(webhookUrlRule('http://hooks.example.com/fleet', production)).toBe('https_only');
    expect(webhookUrlRule('http://128.0.0.1/', production)).toBe('https_only');
  });

  it('may be plain HTTP to any host in demo mode', () => {
    expect(webhookUrlRule('http://hooks.example.com/fleet', demo)).toBeNull();
    expect(webhookUrlRule('http://192.168.1.20/hook', demo)).toBeNull();
  });

  it('refuses other schemes, credentials and what is no URL at all', () => {
    expect(webhookUrlRule('ftp://hooks.example.com/', demo)).toBe('https_only');
    expect(webhookUrlRule('file:///etc/passwd', demo)).toBe('https_only');
    expect(webhookUrlRule('https://user:secret@hooks.example.com/', production)).toBe('credentials');
    expect(webhookUrlRule('https://user@hooks.example.com/', demo)).toBe('credentials');
    expect(webhookUrlRule('hooks.example.com', production)).toBe('format');
  });

  it('refuses a private network’s literal address outside demo mode, however it is written', () => {
    for (const url of [
      'https://10.1.2.3/',
      'https://172.16.0.1/',
      'https://172.31.255.255/',
      'https://192.168.0.10/',
      'https://169.254.169.254/latest/meta-data',
      'https://0.0.0.0/',
      'https://100.64.0.1/',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://0x0a.0.0.1/',
      'https://167772161/',
    ])
      expect(webhookUrlRule(url, production), url).toBe('private_address');
    expect(webhookUrlRule('https://172.32.0.1/', production)).toBeNull();
    expect(webhookUrlRule('https://8.8.8.8/', production)).toBeNull();
  });
});

describe('the event types of webhooks', () => {
  it('are those of a company’s records, never one user’s own', () => {
    expect(WEBHOOK_EVENT_TYPES).toContain('job.created');
    expect(WEBHOOK_EVENT_TYPES).not.toContain('task.finished');
    expect(WEBHOOK_EVENT_TYPES).not.toContain('webhook.disabled');
    expect(WEBHOOK_EVENT_TYPES.length).toBe(FLEET_EVENT_TYPES.length - 3);
  });

  it('offer each role the types it may hear of itself', () => {
    expect(webhookEventTypesFor(['customer-engineering-manager'])).toContain('job.created');
    expect(webhookEventTypesFor(['customer-engineering-manager'])).not.toContain('rollout.stopped');
    expect(webhookEventTypesFor(['administrator'])).toEqual(WEBHOOK_EVENT_TYPES);
  });

  it('reach webhooks at the default threshold of their rules only', () => {
    expect(webhookThreshold('device.offline')).toBe(60);
    expect(webhookThreshold('calibration.expiring')).toBe(30);
    expect(webhookThreshold('job.created')).toBeNull();
  });

  it('are not accepted twice in one endpoint', () => {
    const body = { url: 'https://a.example/', companyId: null };
    expect(webhookCreateSchema.safeParse({ ...body, eventTypes: ['job.created'] }).success).toBe(true);
    expect(
      webhookCreateSchema.safeParse({ ...body, eventTypes: ['job.created', 'job.created'] }).success,
    ).toBe(false);
    expect(webhookCreateSchema.safeParse({ ...body, eventTypes: ['task.failed'] }).success).toBe(false);
  });
});

describe('which endpoint receives an event', () => {
  const company = '6d5a3b0e-1f2c-4c1e-9a77-1b2c3d4e5f60';
  const other = '0b9c8d7e-6f5a-4b3c-8d2e-1f0a9b8c7d6e';
  const job = { type: 'job.created', companyId: company, threshold: null };
  const ofCompany: WebhookReach = { eventTypes: ['job.created'], companyId: company, ownerRoles: null };
  const ofEvery = (ownerRoles: WebhookReach['ownerRoles']): WebhookReach => ({
    eventTypes: ['job.created', 'rollout.stopped'],
    companyId: null,
    ownerRoles,
  });

  it('its company’s events of the types it subscribed to', () => {
    expect(webhookReceives(ofCompany, job)).toBe(true);
    expect(webhookReceives(ofCompany, { ...job, companyId: other })).toBe(false);
    expect(webhookReceives(ofCompany, { ...job, companyId: null })).toBe(false);
    expect(webhookReceives(ofCompany, { ...job, type: 'job.failed' })).toBe(false);
  });

  it('every company’s, the maker’s own included, while its owner is staff with the right', () => {
    expect(webhookReceives(ofEvery(['administrator']), { ...job, companyId: other })).toBe(true);
    expect(
      webhookReceives(ofEvery(['devops-manager']), {
        type: 'rollout.stopped',
        companyId: null,
        threshold: null,
      }),
    ).toBe(true);
    expect(webhookReceives(ofEvery(['support-user']), job)).toBe(false);
    expect(webhookReceives(ofEvery(['customer-engineering-manager']), job)).toBe(false);
    expect(webhookReceives(ofEvery(null), job)).toBe(false);
  });

  it('never an event of one user alone, nor one found at a user’s own threshold', () => {
    const all = { ...ofCompany, eventTypes: [...FLEET_EVENT_TYPES] };
    expect(webhookReceives(all, { type: 'task.finished', companyId: company, threshold: null })).toBe(false);
    expect(webhookReceives(all, { type: 'webhook.disabled', companyId: company, threshold: null })).toBe(
      false,
    );
    const offline = { type: 'device.offline', companyId: company };
    expect(webhookReceives(all, { ...offline, threshold: 60 })).toBe(true);
    expect(webhookReceives(all, { ...offline, threshold: 15 })).toBe(false);
  });
});
