import type { LightMyRequestResponse } from 'fastify';
import {
  conformanceChecker,
  type Exchange,
  type OpenApiDocument,
  type Violation,
  type ViolationKind,
} from './openapi-conformance.ts';

/**
 * The answers a test received, checked against the OpenAPI document as they arrive (the traffic is
 * the test's own: nothing is sent twice). Violations are grouped by kind, operation and status.
 */
export class ConformanceLog {
  private readonly check: (exchange: Exchange) => Violation[];
  private readonly found = new Map<string, { violation: Violation; count: number }>();
  /** How many answers were checked. */
  checked = 0;

  constructor(document: OpenApiDocument) {
    this.check = conformanceChecker(document);
  }

  /** An answer to the operation at `path` (written as the document writes it). */
  record(method: string, path: string, response: LightMyRequestResponse): void {
    const sent = response.raw.req.headers;
    const hasBody = Number(sent['content-length'] ?? 0) > 0 || sent['transfer-encoding'] !== undefined;
    const exchange: Exchange = {
      method,
      path,
      request: { hasBody, ...(sent['content-type'] ? { contentType: sent['content-type'] } : {}) },
      response: { status: response.statusCode, headers: response.headers, body: response.body },
    };
    this.checked++;
    for (const violation of this.check(exchange)) {
      const key = `${violation.kind} ${violation.operation} ${violation.status}`;
      const entry = this.found.get(key);
      if (entry) entry.count++;
      else this.found.set(key, { violation, count: 1 });
    }
  }

  /** One line per kind, operation and status: how many answers, and what the first one showed. */
  report(): string[] {
    return [...this.found.values()].map(
      ({ violation: v, count }) => `${v.kind}: ${v.operation} → ${v.status} (${count}×): ${v.message}`,
    );
  }

  /** Answers in violation, by kind. */
  countsByKind(): Partial<Record<ViolationKind, number>> {
    const counts: Partial<Record<ViolationKind, number>> = {};
    for (const { violation, count } of this.found.values())
      counts[violation.kind] = (counts[violation.kind] ?? 0) + count;
    return counts;
  }
}
