import { certificateTemplateListSchema, certificateTemplateSchema } from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { TemplatesPage } from './templates-page';

const TPMS_TEMPLATE = certificateTemplateSchema.parse({
  deviceType: 'TPMS',
  body: 'Certificate {{certificateNumber}} of {{serialNumber}}, valid until {{endOfValidityDate}}.',
  updatedAt: '2026-11-20T09:00:00.000Z',
  updatedBy: 'Factory manager',
});

const TEMPLATES = certificateTemplateListSchema.parse({
  templates: [TPMS_TEMPLATE],
  deviceTypes: ['TPMS', 'BRAKE-TESTER'],
});

const TPMS_PATH = '/api/Certificates/Templates/TPMS';

function stubTemplates(answers: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({ 'GET /api/Certificates/Templates': { body: TEMPLATES }, ...answers });
}

function open() {
  renderRoute([{ path: '/templates', element: <TemplatesPage /> }], '/templates', 'factory-user');
}

async function editTpms(user: ReturnType<typeof userEvent.setup>) {
  open();
  await user.click(await screen.findByRole('button', { name: 'Edit the template for TPMS' }));
  return screen.findByRole('dialog', { name: 'Template for TPMS' });
}

describe('certificate templates', () => {
  it('lists the templates by device type, with who changed them last and their actions', async () => {
    stubTemplates();
    open();
    const table = await screen.findByRole('table', { name: 'Certificate templates' });
    const row = within(table).getByRole('row', { name: /TPMS/ });
    expect(row).toHaveTextContent('Factory manager');
    expect(within(row).getByRole('button', { name: 'Edit the template for TPMS' })).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Delete the template for TPMS' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'New template' })).toBeEnabled();
  });

  it('saves a new template for the device types without one, with a preview of sample values', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubTemplates({
      'PUT /api/Certificates/Templates/BRAKE-TESTER': {
        body: { ...TPMS_TEMPLATE, deviceType: 'BRAKE-TESTER', body: 'Tested {{calibrationDate}}.' },
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New certificate template' });
    const type = within(dialog).getByRole('combobox', { name: 'Device type' });
    expect(type).toHaveValue('All device types');
    await user.click(type);
    // TPMS has its template already: only the others are offered.
    expect(screen.queryByRole('option', { name: 'TPMS' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'BRAKE-TESTER' }));
    const text = within(dialog).getByRole('textbox', { name: 'Text' });
    await user.clear(text);
    await user.click(text);
    await user.paste('Tested {{calibrationDate}}.');
    expect(within(dialog).getByText('Tested 2026-11-02.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template for BRAKE-TESTER saved')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'PUT', '/api/Certificates/Templates/BRAKE-TESTER');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ body: 'Tested {{calibrationDate}}.' });
  });

  it('names an unknown placeholder under the text, and does not save it', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubTemplates({ [`PUT ${TPMS_PATH}`]: { body: TPMS_TEMPLATE } });
    const dialog = await editTpms(user);
    const text = within(dialog).getByRole('textbox', { name: 'Text' });
    await user.click(text);
    await user.paste(' Signed {{inspector}}.');
    expect(text).toHaveAccessibleDescription('Unknown placeholders: {{inspector}}');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(requestsTo(fetchSpy, 'PUT', TPMS_PATH)).toHaveLength(0);
  });

  it("puts the server's refusal under the text, in the user's words", async () => {
    const user = userEvent.setup();
    stubTemplates({
      [`PUT ${TPMS_PATH}`]: {
        status: 400,
        body: {
          status: 400,
          message: 'Invalid body.body: must be at most 8000 characters',
          details: [
            {
              field: 'body.body',
              message: 'must be at most 8000 characters',
              rule: { kind: 'too_long', limit: 8000 },
            },
          ],
        },
      },
    });
    const dialog = await editTpms(user);
    const text = within(dialog).getByRole('textbox', { name: 'Text' });
    // Save waits for a change of the template.
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(text);
    await user.paste(' Signed.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 8000 characters')).toBeVisible();
    expect(text).toHaveAccessibleDescription('At most 8000 characters');
    expect(within(dialog).getByText('Not saved: check the fields marked.')).toBeVisible();
    expect(within(dialog).queryByText(/body\.|Invalid/)).toBeNull();
  });

  it('deletes a template once confirmed', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubTemplates({ [`DELETE ${TPMS_PATH}`]: { status: 204 } });
    open();
    await user.click(await screen.findByRole('button', { name: 'Delete the template for TPMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the template?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Template for TPMS deleted')).toBeVisible();
    expect(requestsTo(fetchSpy, 'DELETE', TPMS_PATH)).toHaveLength(1);
  });
});
