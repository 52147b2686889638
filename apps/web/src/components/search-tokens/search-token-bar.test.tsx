import {
  SUGGESTION_DEBOUNCE_MS,
  type Me,
  type SearchToken,
  type SearchTokenDefinition,
} from '@fleet/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testMe } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/providers';
import { SearchTokenBar } from './search-token-bar';
import type { TokenOptions } from './token-options';
import { useAvailableTokens } from './use-available-tokens';

const DEFINITIONS: SearchTokenDefinition[] = [
  { type: 'Search', label: 'series.filters.search', kind: 'text', unique: true, order: 0 },
  { type: 'MakerFilter', label: 'series.filters.maker', kind: 'choice' },
  { type: 'DealerCodeFilter', label: 'series.filters.dealer_code', kind: 'text' },
  { type: 'Group', label: 'series.filters.group', kind: 'choice', internalOnly: true },
  { type: 'StoreFilter', label: 'series.filters.store_code', kind: 'text', required: true },
  {
    type: 'VIN',
    label: 'jobs.filters.vin',
    kind: 'text',
    unique: true,
    operators: ['equal', 'notEqual', 'almost'],
    order: 5000,
  },
  {
    type: 'BeginDate',
    label: 'jobs.filters.begin_date',
    kind: 'date',
    unique: true,
    operators: ['equal', 'notEqual', 'since', 'before', 'range'],
    order: 5001,
  },
];

const MAKERS = ['Acme', 'Kessler', 'Kestrel'].map((value) => ({ value, label: value }));
const options: TokenOptions = (definition) => (definition.type === 'MakerFilter' ? MAKERS : undefined);

function Bar({ initial = [] }: { initial?: SearchToken[] }) {
  const definitions = useAvailableTokens(DEFINITIONS);
  const [tokens, setTokens] = useState(initial);
  return (
    <>
      <SearchTokenBar
        definitions={definitions}
        tokens={tokens}
        onChange={setTokens}
        options={options}
        freeTextType="Search"
      />
      <output aria-label="tokens">
        {tokens
          .map(
            (t) => `${t.type}${t.value.operator === 'equal' ? '' : `[${t.value.operator}]`}=${t.value.data}`,
          )
          .join(' ')}
      </output>
    </>
  );
}

const token = (type: string, data: string): SearchToken => ({ type, value: { data, operator: 'equal' } });
const tokensText = () => screen.getByRole('status', { name: 'tokens' }).textContent;

function renderBar(initial: SearchToken[] = [], me: Me = testMe()) {
  const user = userEvent.setup();
  renderWithProviders(<Bar initial={initial} />, { me });
  return { user, input: screen.getByLabelText('Filter') };
}

afterEach(() => vi.useRealTimers());

describe('search token bar', () => {
  it('offers internal-only tokens to internal members only, in the order of their labels', async () => {
    const customer = renderBar();
    await customer.user.click(customer.input);
    const types = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(types.map((option) => option.textContent)).toEqual([
      'Search',
      'Dealer code',
      'Maker',
      'Store code',
      'VIN',
      'Begin date',
    ]);
  });

  it('shows the Group token to a user who sees the whole fleet', async () => {
    const { user, input } = renderBar([], testMe({ roles: ['administrator'], wholeFleet: true }));
    await user.click(input);
    expect(await screen.findByRole('option', { name: 'Group' })).toBeInTheDocument();
  });

  it('adds a value picked from the suggestions of a choice token', async () => {
    const { user, input } = renderBar();
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Maker' }));
    await user.click(await screen.findByRole('option', { name: 'Kessler' }));
    expect(tokensText()).toBe('MakerFilter=Kessler');
    expect(screen.getByText('Maker: Kessler')).toBeInTheDocument();
  });

  it('keeps one token of a unique type and ignores blank entries', async () => {
    const { user, input } = renderBar();
    await user.type(input, 'abc{Enter}');
    await user.type(input, 'xyz{Enter}');
    await user.type(input, '   {Enter}');
    expect(tokensText()).toBe('Search=xyz');
    expect(screen.getByText('Search: xyz')).toBeInTheDocument();
  });

  it('adds free text to a text token with Enter', async () => {
    const { user, input } = renderBar();
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Dealer code' }));
    await user.type(input, 'D-42{Enter}');
    expect(tokensText()).toBe('DealerCodeFilter=D-42');
  });

  it('never removes a required token: Backspace takes the last one that may go', async () => {
    const { user, input } = renderBar([token('MakerFilter', 'Acme'), token('StoreFilter', 'S1')]);
    expect(screen.queryByRole('button', { name: 'Remove Store code: S1' })).not.toBeInTheDocument();
    await user.click(input);
    await user.keyboard('{Backspace}');
    expect(tokensText()).toBe('StoreFilter=S1');
    await user.keyboard('{Backspace}');
    expect(tokensText()).toBe('StoreFilter=S1');
  });

  it('moves between tokens with the arrow keys and removes the focused one', async () => {
    const { user, input } = renderBar([token('MakerFilter', 'Acme'), token('MakerFilter', 'Kessler')]);
    await user.click(input);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('Maker: Kessler').closest('[tabindex]')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('Maker: Acme').closest('[tabindex]')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(input).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Delete}');
    expect(tokensText()).toBe('MakerFilter=Acme');
  });

  it('removes a token with its remove button', async () => {
    const { user } = renderBar([token('MakerFilter', 'Acme')]);
    await user.click(screen.getByRole('button', { name: 'Remove Maker: Acme' }));
    expect(tokensText()).toBe('');
  });

  it('filters the suggestions only once typing pauses for the debounce time', async () => {
    const { user, input } = renderBar();
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Maker' }));
    await screen.findByRole('option', { name: 'Acme' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(input, { target: { value: 'kes' } });
    expect(screen.getByRole('option', { name: 'Acme' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SUGGESTION_DEBOUNCE_MS));
    expect(screen.queryByRole('option', { name: 'Acme' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Kessler', 'Kestrel']);
  });

  it('offers, once typing pauses, a free search and the values of every type that match', async () => {
    const { user, input } = renderBar();
    await user.click(input);
    await screen.findByRole('option', { name: 'Maker' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(input, { target: { value: 'kes' } });
    expect(screen.queryByRole('option', { name: 'Maker: Kessler' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SUGGESTION_DEBOUNCE_MS));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Search: kes',
      'Maker: Kessler',
      'Maker: Kestrel',
    ]);
    vi.useRealTimers();
    await user.click(screen.getByRole('option', { name: 'Maker: Kessler' }));
    expect(tokensText()).toBe('MakerFilter=Kessler');
  });

  it('adds the free search offered for the typed text', async () => {
    const { user, input } = renderBar();
    await user.type(input, 'ALIGN00');
    await user.click(await screen.findByRole('option', { name: 'Search: ALIGN00' }));
    expect(tokensText()).toBe('Search=ALIGN00');
  });

  it('says how long a search may be, and adds nothing longer', async () => {
    const { user, input } = renderBar();
    await user.click(input);
    await user.paste('z'.repeat(120));
    expect(
      await screen.findByText('Search takes at most 100 characters; 120 typed. Shorten it to search.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^Search: z/ })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(tokensText()).toBe('');
  });

  it('writes the days of a date token with the date-format rule', async () => {
    const definitions: SearchTokenDefinition[] = [
      { type: 'RegisteredOn', label: 'series.sort.registration_date', kind: 'date', operators: ['range'] },
    ];
    renderWithProviders(
      <SearchTokenBar
        definitions={definitions}
        tokens={[{ type: 'RegisteredOn', value: { data: '2026-01-05/2026-01-31', operator: 'range' } }]}
        onChange={() => {}}
        options={() => undefined}
      />,
      { me: testMe() },
    );
    expect(await screen.findByText(/01\/05\/2026 – 01\/31\/2026$/)).toBeInTheDocument();
  });

  it('offers the operators of a token and writes the one picked (jobs §9)', async () => {
    const { user, input } = renderBar();
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'VIN' }));
    const operators = within(await screen.findByRole('listbox', { name: 'Operators of VIN' }));
    expect(operators.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'is',
      'is not',
      'contains',
    ]);
    await user.click(operators.getByRole('option', { name: 'contains' }));
    await user.type(input, 'WVW{Enter}');
    expect(tokensText()).toBe('VIN[almost]=WVW');
    expect(screen.getByText('VIN contains WVW')).toBeInTheDocument();
  });

  it('takes typed text that begins no operator as the value, with the default operator (jobs §5)', async () => {
    const { user, input } = renderBar();
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'VIN' }));
    await user.type(input, 'co');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['contains']);
    await user.clear(input);
    await user.type(input, 'WVW{Enter}');
    expect(tokensText()).toBe('VIN=WVW');
  });

  it('edits a token in place: its operator from the menu, its value in the input', async () => {
    const { user, input } = renderBar([token('VIN', 'WVW')]);
    await user.click(screen.getByText('VIN: WVW'));
    expect(input).toHaveValue('WVW');
    await user.click(screen.getByRole('button', { name: 'Change the operator of VIN: is' }));
    await user.click(await screen.findByRole('option', { name: 'is not' }));
    expect(input).toHaveValue('WVW');
    await user.type(input, 'Z{Enter}');
    expect(tokensText()).toBe('VIN[notEqual]=WVWZ');
  });

  it('moves back through the segments with Backspace, and removes a token left with no value', async () => {
    const { user, input } = renderBar([token('MakerFilter', 'Acme'), token('VIN', 'WVW')]);
    await user.click(screen.getByText('VIN: WVW'));
    await user.clear(input);
    await user.keyboard('{Backspace}');
    expect(await screen.findByRole('listbox', { name: 'Operators of VIN' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(tokensText()).toBe('MakerFilter=Acme');
  });

  it('gives a date token an operator and its day, or two days put in order in range mode', async () => {
    const { user, input } = renderBar();
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Begin date' }));
    await user.click(await screen.findByRole('option', { name: 'before' }));
    fireEvent.change(await screen.findByLabelText('Day'), { target: { value: '2026-01-05' } });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(tokensText()).toBe('BeginDate[before]=2026-01-05');

    await user.click(screen.getByText('Begin date before 01/05/2026'));
    await user.click(screen.getByRole('button', { name: 'Change the operator of Begin date: before' }));
    await user.click(await screen.findByRole('option', { name: 'between' }));
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-01-31' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-05' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(tokensText()).toBe('BeginDate[range]=2026-01-05/2026-01-31');
  });
});
