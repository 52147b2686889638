import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { CategoriesPage } from './categories-page';

const CATEGORY = {
  id: 4,
  code: 'ACCESSORIES',
  name: 'Accessories',
  description: null,
  active: false,
  productCount: 3,
};

function stubCategories(saved: { status: number; body: unknown } = { status: 200, body: { id: 4 } }) {
  return stubFetch({
    'GET /api/Shop/Categories': { body: { categories: [CATEGORY] } },
    'POST /api/Shop/Categories': { status: 201, body: { id: 5 } },
    'PUT /api/Shop/Categories/4': saved,
  });
}

function open() {
  renderRoute([{ path: '/categories', element: <CategoriesPage /> }], '/categories', 'support-user');
}

describe('the categories of the catalogue', { timeout: 30_000 }, () => {
  it('lists each category with its products and whether it is offered', async () => {
    stubCategories();
    open();
    const table = await screen.findByRole('table', { name: 'Categories' });
    const row = within(table).getByRole('row', { name: /ACCESSORIES/ });
    expect(within(row).getByRole('cell', { name: 'Accessories' })).toBeVisible();
    expect(within(row).getByRole('cell', { name: '3' })).toBeVisible();
    expect(within(row).getByText('Inactive')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Edit Accessories' })).toBeVisible();
  });

  it('refuses a code the contract refuses under its field, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubCategories();
    open();
    await user.click(await screen.findByRole('button', { name: 'Add a category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    const code = within(dialog).getByRole('textbox', { name: /^Code/ });
    await user.type(code, 'spare parts');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Spare parts');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(code).toHaveAccessibleDescription('Letters, digits, dots, dashes or underscores; at most 40');
    expect(requestsTo(fetchSpy, 'POST', '/api/Shop/Categories')).toHaveLength(0);
  });

  it('offers a category again with its changed fields', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubCategories();
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit Accessories' }));
    const dialog = await screen.findByRole('dialog', { name: 'Category Accessories' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Cables and cases');
    await user.click(within(dialog).getByRole('switch', { name: /Offered/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Category Accessories' })).toBeNull());
    const [sent] = requestsTo(fetchSpy, 'PUT', '/api/Shop/Categories/4');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      code: 'ACCESSORIES',
      name: 'Accessories',
      description: 'Cables and cases',
      active: true,
    });
  });

  it("puts the server's refusal under the name, in the user's words", async () => {
    const user = userEvent.setup({ delay: null });
    stubCategories({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.name: is required',
        details: [{ field: 'body.name', message: 'is required', rule: { kind: 'required' } }],
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit Accessories' }));
    const dialog = await screen.findByRole('dialog', { name: 'Category Accessories' });
    // Save waits for a change: the user changes the field the server then refuses.
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Not saved: check the fields marked.')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
      'Required, at most 120 characters',
    );
    expect(within(dialog).queryByText(/body\.|Invalid|is required/)).toBeNull();
  });
});
