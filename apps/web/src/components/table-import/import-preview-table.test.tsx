import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/providers';
import { ImportPreviewTable } from './import-preview-table';
import type { ImportPreview } from './types';

type Column = 'officialStoreCode' | 'name' | 'company';

const PREVIEW: ImportPreview<Column> = {
  draft: '6f1d7c5e-4d7b-4a39-9d55-0b3c1a2f9e10',
  columns: ['officialStoreCode', 'name', 'company'],
  rows: [
    { line: 2, values: { officialStoreCode: 'S-1', name: 'North' }, action: 'create', errors: [] },
    {
      line: 3,
      values: { officialStoreCode: 'S-1', name: 'x'.repeat(201), company: 'NOPE' },
      action: null,
      errors: [
        {
          column: 'officialStoreCode',
          message: 'is already the code of row 2',
          rule: { kind: 'repeated', row: 2 },
        },
        {
          column: 'name',
          message: 'Too big: expected string to have <=200 characters',
          rule: { kind: 'too_long', limit: 200 },
        },
        { column: 'company', message: 'is not a known company code', rule: { kind: 'unknown' } },
      ],
    },
  ],
};

describe('an import preview', () => {
  it("says each cell's problem by the rule it breaks, in the user's words, never the server's English", () => {
    renderWithProviders(<ImportPreviewTable preview={PREVIEW} prefix="stores.import" onEdit={vi.fn()} />);
    expect(screen.getByText('Same as row 2')).toBeVisible();
    expect(screen.getByText('At most 200 characters')).toBeVisible();
    expect(screen.getByText('Not found: choose an existing one')).toBeVisible();
    expect(screen.queryByText(/Too big|is already|is not a known/)).toBeNull();
  });
});
