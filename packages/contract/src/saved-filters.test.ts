import { describe, expect, it } from 'vitest';
import { jobTokens } from './job-tokens.ts';
import {
  SAVED_FILTERS_MAX,
  SavedFilterProblem,
  normaliseSavedFilters,
  removeFilterList,
  renameFilterList,
  saveFilterList,
  savedFilterTokens,
  type SavedFilterList,
} from './saved-filters.ts';
import { UnknownSearchItem } from './search-tokens.ts';

const failedBatteries: SavedFilterList = {
  name: 'Failed batteries',
  list: 'jobs',
  filters: { JobType: ['Test'], ValidCheck: ['Fail'], VIN: ['WVW'], VINOperator: ['almost'] },
};

describe('saved filter lists', () => {
  it('give back the tokens they were saved with', () => {
    expect(savedFilterTokens(failedBatteries, jobTokens('LIVE'))).toEqual([
      { type: 'VIN', value: { data: 'WVW', operator: 'almost' } },
      { type: 'JobType', value: { data: 'Test', operator: 'equal' } },
      { type: 'ValidCheck', value: { data: 'Fail', operator: 'equal' } },
    ]);
  });

  it('are refused whole when they name a search item that does not exist or that the list does not offer', () => {
    const gone = { ...failedBatteries, filters: { ...failedBatteries.filters, Colour: ['red'] } };
    expect(() => savedFilterTokens(gone, jobTokens('LIVE'))).toThrow(new UnknownSearchItem('Colour'));
    const serialOnDevicePage = { ...failedBatteries, filters: { SerialNumber: ['TPT2C5189500000'] } };
    expect(() => savedFilterTokens(serialOnDevicePage, jobTokens('LIVE', true))).toThrow(UnknownSearchItem);
  });

  it('are saved under a new name, renamed and removed, and never overwritten', () => {
    const one = saveFilterList([], { ...failedBatteries, name: ' Failed batteries ' });
    expect(one).toEqual([failedBatteries]);
    expect(() => saveFilterList(one, { ...failedBatteries, name: 'failed BATTERIES', filters: {} })).toThrow(
      new SavedFilterProblem('name_taken', 'failed BATTERIES is an already existing filter list'),
    );
    const two = saveFilterList(one, {
      name: 'Calibrations',
      list: 'jobs',
      filters: { JobType: ['Calibration'] },
    });
    expect(() => renameFilterList(two, 'jobs', 'Calibrations', 'Failed batteries')).toThrow(
      new SavedFilterProblem('name_taken', 'Failed batteries is an already existing filter list'),
    );
    expect(() => saveFilterList(two, { ...failedBatteries, name: '  ' })).toThrow(SavedFilterProblem);
    const renamed = renameFilterList(two, 'jobs', 'Calibrations', 'ADAS calibrations');
    expect(renamed.map((saved) => saved.name)).toEqual(['Failed batteries', 'ADAS calibrations']);
    expect(removeFilterList(renamed, 'jobs', 'Failed batteries').map((saved) => saved.name)).toEqual([
      'ADAS calibrations',
    ]);
    // The same name on another list is another list.
    expect(saveFilterList(renamed, { ...failedBatteries, list: 'series', filters: {} })).toHaveLength(3);
  });

  it('keep at most 50, and a stored configuration keeps the well-formed ones only', () => {
    const full = Array.from({ length: SAVED_FILTERS_MAX }, (_, i) => ({
      ...failedBatteries,
      name: `List ${i}`,
    }));
    expect(() => saveFilterList(full, { ...failedBatteries, name: 'One more' })).toThrow(SavedFilterProblem);
    expect(
      normaliseSavedFilters([
        failedBatteries,
        { name: '', list: 'jobs', filters: {} },
        'nonsense',
        { ...failedBatteries },
      ]),
    ).toEqual([failedBatteries]);
    expect(normaliseSavedFilters({ not: 'a list' })).toEqual([]);
  });
});
