import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api';
import { useContractForm } from './use-contract-form';

const schema = z.object({ name: z.string().min(1).max(10), companyId: z.number() });
const request = { url: '/api/things', method: 'POST', payload: null };

const refusal = (field: string, kind: string) =>
  new ApiError(
    400,
    'Bad Request',
    'errors.api.status_400',
    {
      status: 400,
      message: `Invalid ${field}: refused`,
      details: [{ field, message: 'refused', rule: { kind } }],
    },
    request,
  );

/** A form that shows a problem under its name field only (the company is chosen elsewhere). */
function renderForm() {
  return renderHook(() => {
    const form = useContractForm(schema, { name: 'Lyon', companyId: 4 });
    return { form, nameProblem: form.error('name') };
  });
}

describe('the form layer', () => {
  it("puts a refusal of a field it shows under that field, in the user's words", async () => {
    const view = renderForm();
    await act(() => view.result.current.form.submit(() => Promise.reject(refusal('body.name', 'taken'))));
    expect(view.result.current.nameProblem).toBe('Already in use');
    expect(view.result.current.form.failure).toBe('Not saved: check the fields marked.');
  });

  it('says a refusal of a part of the body no field shows as its own failure, never "check the fields"', async () => {
    const view = renderForm();
    await act(() =>
      view.result.current.form.submit(() => Promise.reject(refusal('body.companyId', 'unknown'))),
    );
    expect(view.result.current.nameProblem).toBeUndefined();
    expect(view.result.current.form.failure).toMatch(/Not found: choose an existing one/);
    expect(view.result.current.form.failure).not.toMatch(/body\.|check the fields/);
  });

  it('refuses what the schema refuses under its field before anything is sent', async () => {
    const view = renderHook(() => {
      const form = useContractForm(schema, { name: '', companyId: 4 });
      return { form, nameProblem: form.error('name') };
    });
    let sent = false;
    await act(async () => {
      expect(await view.result.current.form.submit(async () => (sent = true))).toBe(false);
    });
    expect(sent).toBe(false);
    expect(view.result.current.nameProblem).toBe('Required');
  });

  it('counts as changed only while a value differs from the one it opened with', () => {
    const view = renderForm();
    expect(view.result.current.form.changed).toBe(false);
    act(() => view.result.current.form.set('name', 'Lyon 2'));
    expect(view.result.current.form.changed).toBe(true);
    act(() => view.result.current.form.set('name', 'Lyon'));
    expect(view.result.current.form.changed).toBe(false);
  });
});
