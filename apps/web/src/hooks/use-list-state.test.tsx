import { SERIES_LIST } from '@fleet/contract';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType, type Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListState } from './use-list-state';

function renderListState(url: string, rememberAs?: string) {
  const seen: { location?: Location; navigation?: string } = {};
  function Spy() {
    seen.location = useLocation();
    seen.navigation = useNavigationType();
    return null;
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>
      {children}
      <Spy />
    </MemoryRouter>
  );
  const hook = renderHook(() => useListState(SERIES_LIST, rememberAs), { wrapper });
  const query = () => new URLSearchParams(seen.location?.search);
  return { hook, query, seen };
}

describe('list state in the URL', () => {
  it('reads paging, sorting and repeated filters from the query, ignoring unknown keys', () => {
    const { hook } = renderListState(
      '/series/devices?pageNumber=3&pageSize=40&sortColumnName=country&sortOrder=DESC&TypeFilter=A&TypeFilter=B&secret=1',
    );
    expect(hook.result.current[0]).toEqual({
      pageNumber: 3,
      pageSize: 40,
      sortColumnName: 'Country',
      sortOrder: 'DESC',
      cursor: null,
      filters: { TypeFilter: ['A', 'B'] },
    });
  });

  it('writes a change back as flat keys, repeated for arrays, as a new history entry', () => {
    const { hook, query, seen } = renderListState('/series/devices?pageNumber=2&secret=1');
    act(() => hook.result.current[1]({ type: 'filters', filters: { MakerFilter: ['Kessler', 'Acme'] } }));
    expect(query().getAll('MakerFilter')).toEqual(['Kessler', 'Acme']);
    expect(query().has('secret')).toBe(false);
    expect(seen.navigation).toBe('PUSH');
    expect(hook.result.current[0].filters).toEqual({ MakerFilter: ['Kessler', 'Acme'] });
  });

  it('goes back to page 1 on a new search, sort or page size, not on a page change', () => {
    const { hook, query } = renderListState('/series/devices?pageNumber=4&TypeFilter=A');
    act(() => hook.result.current[1]({ type: 'page', pageNumber: 5 }));
    expect(query().get('pageNumber')).toBe('5');
    expect(query().get('TypeFilter')).toBe('A');

    act(() =>
      hook.result.current[1]({ type: 'sort', sortColumnName: 'RegistrationDate', sortOrder: 'DESC' }),
    );
    expect(query().get('pageNumber')).toBe('1');
    expect(query().get('sortColumnName')).toBe('RegistrationDate');

    act(() => hook.result.current[1]({ type: 'page', pageNumber: 3 }));
    act(() => hook.result.current[1]({ type: 'pageSize', pageSize: 60 }));
    expect(query().get('pageNumber')).toBe('1');
    expect(query().get('pageSize')).toBe('60');

    act(() => hook.result.current[1]({ type: 'page', pageNumber: 3 }));
    act(() => hook.result.current[1]({ type: 'filters', filters: { Search: ['abc'] } }));
    expect(query().get('pageNumber')).toBe('1');
    expect(query().get('Search')).toBe('abc');
  });

  it('survives a reload: the same URL gives the same state', () => {
    const { hook, seen } = renderListState('/series/devices');
    act(() => hook.result.current[1]({ type: 'sort', sortColumnName: 'Country', sortOrder: 'DESC' }));
    act(() => hook.result.current[1]({ type: 'page', pageNumber: 7 }));
    const reloaded = renderListState(`/series/devices${seen.location?.search}`);
    expect(reloaded.hook.result.current[0]).toEqual(hook.result.current[0]);
  });

  it('brings back the last state when the list is opened by a bare link', () => {
    const first = renderListState('/series/devices?pageNumber=6&StatusFilter=Online', 'devices');
    first.hook.unmount();
    const again = renderListState('/series/devices', 'devices');
    expect(again.hook.result.current[0]).toMatchObject({
      pageNumber: 6,
      filters: { StatusFilter: ['Online'] },
    });
    expect(again.query().get('pageNumber')).toBe('6');
    expect(again.seen.navigation).toBe('REPLACE');
  });
});
