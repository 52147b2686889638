import { describe, expect, it } from 'vitest';
import {
  defaultJobTokens,
  jobListDefinition,
  jobQueryParameters,
  jobTokens,
  zonedDayStart,
  associationQueryParameters,
  ASSOCIATIONS_LIST,
  type DayStart,
} from './job-tokens.ts';
import {
  jobApiVersion,
  jobCalibrationStatus,
  jobListAnswerSchema,
  jobListAnswerV1Schema,
  jobListName,
  type Job,
} from './jobs.ts';
import { parseListQuery } from './list-query.ts';

const TODAY = new Date('2026-11-23T10:00:00.000Z');

describe('the jobs lists', () => {
  it('filter live and synthetic jobs since one day ago by default, archived ones not at all', () => {
    const since = [{ type: 'BeginDate', value: { data: '2026-11-22', operator: 'since' } }];
    expect(defaultJobTokens('LIVE', TODAY)).toEqual(since);
    expect(defaultJobTokens('SYNTHETIC', TODAY)).toEqual(since);
    expect(defaultJobTokens('ARCHIVED', TODAY)).toEqual([]);
  });

  it('require the begin date except in archived mode, which has no almost operator', () => {
    const live = jobTokens('LIVE');
    const archived = jobTokens('ARCHIVED');
    expect(live.find((t) => t.type === 'BeginDate')?.required).toBe(true);
    expect(archived.find((t) => t.type === 'BeginDate')?.required).toBe(false);
    expect(live.find((t) => t.type === 'VIN')?.operators).toEqual(['equal', 'notEqual', 'almost']);
    expect(archived.find((t) => t.type === 'VIN')?.operators).toEqual(['equal', 'notEqual']);
    expect(archived.every((t) => !t.operators?.includes('almost'))).toBe(true);
  });

  it('leave the serial-number token out on a device page', () => {
    expect(jobTokens('LIVE').some((t) => t.type === 'SerialNumber')).toBe(true);
    expect(jobTokens('LIVE', true).some((t) => t.type === 'SerialNumber')).toBe(false);
    expect(jobListDefinition('LIVE', true).filters).not.toContain('SerialNumber');
  });

  it('keep their state in the URL, newest begin date first by default', () => {
    const state = parseListQuery(
      new URLSearchParams('VIN=%22WVW123%22&VINOperator=almost&BeginDate=2026-11-01&Unknown=1'),
      jobListDefinition('LIVE'),
    );
    expect(state).toMatchObject({
      sortColumnName: 'BeginDate',
      sortOrder: 'DESC',
      pageSize: 20,
      filters: { VIN: ['WVW123'], VINOperator: ['almost'], BeginDate: ['2026-11-01'] },
    });
    expect(
      parseListQuery(new URLSearchParams('sortColumnName=Nope&sortOrder=up'), jobListDefinition('LIVE')),
    ).toMatchObject({ sortColumnName: 'BeginDate', sortOrder: 'ASC' });
  });
});

describe('the query parameters of a jobs call', () => {
  const paris: DayStart = (date) => new Date(`${date}T00:00:00.000+01:00`);

  it('turn a single begin date into FilterOnBeginDate with its operator, at the start of the user’s day', () => {
    expect(
      jobQueryParameters({ BeginDate: ['2026-11-22'], BeginDateOperator: ['since'] }, paris, TODAY),
    ).toEqual({
      FilterOnBeginDate: ['2026-11-21T23:00:00.000Z'],
      BeginDateOperator: ['since'],
    });
    expect(jobQueryParameters({ BeginDate: ['2026-11-22'] }, undefined, TODAY)).toEqual({
      FilterOnBeginDate: ['2026-11-22T00:00:00.000Z'],
    });
  });

  it('start a day at midnight in the user’s time zone, in winter and in summer', () => {
    expect(zonedDayStart('Europe/Paris')('2026-11-22').toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(zonedDayStart('Europe/Paris')('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(zonedDayStart('America/New_York')('2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(zonedDayStart('UTC')('2026-03-08').toISOString()).toBe('2026-03-08T00:00:00.000Z');
  });

  it('turn a range into FromDate and ToDate with FilterOnPeriod, start first, never after today', () => {
    expect(
      jobQueryParameters(
        { BeginDate: ['2026-12-31/2026-11-01'], BeginDateOperator: ['range'] },
        undefined,
        TODAY,
      ),
    ).toEqual({
      FromDate: ['2026-11-01T00:00:00.000Z'],
      ToDate: ['2026-11-23T00:00:00.000Z'],
      FilterOnPeriod: ['true'],
    });
  });

  it('send named list values as their index, HasVIN as true or false, tags with their operator', () => {
    expect(
      jobQueryParameters(
        {
          JobType: ['Calibration', 'Test'],
          JobStatus: ['Aborted'],
          ValidCal: ['Expired'],
          ValidCheck: ['Fail'],
          HasVIN: ['no'],
          VIN: ['WVW'],
          VINOperator: ['almost'],
          RO: ['RO-1'],
          PostedDate: ['2026-11-20'],
          PostedDateOperator: ['before'],
          FilterOnWarrantyCode: ['WITH'],
        },
        undefined,
        TODAY,
      ),
    ).toEqual({
      JobType: ['2', '0'],
      JobStatus: ['1'],
      ValidCal: ['2'],
      ValidCheck: ['2'],
      HasVIN: ['false'],
      VIN: ['WVW'],
      VINOperator: ['almost'],
      RO: ['RO-1'],
      PostedDateBefore: ['2026-11-20T00:00:00.000Z'],
      FilterOnWarrantyCode: ['WITH'],
    });
  });
});

describe('the associations list', () => {
  it('sends its named lists as indexes, newest first by default', () => {
    expect(
      associationQueryParameters({
        AssociationStatusesList: ['Failed', 'Done'],
        AssociationSubject: ['Store'],
        Search: ['TPT'],
      }),
    ).toEqual({ AssociationStatusesList: ['3', '2'], AssociationSubject: ['0'], Search: ['TPT'] });
    expect(parseListQuery(new URLSearchParams(''), ASSOCIATIONS_LIST)).toMatchObject({
      sortColumnName: 'CreatedAt',
      sortOrder: 'DESC',
    });
  });
});

describe('jobs', () => {
  it('show a calibration status from validCal and validChk (spec §4)', () => {
    expect(jobCalibrationStatus({ validCal: 1, validChk: 1 })).toBe('Ok');
    expect(jobCalibrationStatus({ validCal: 1, validChk: 0 })).toBe('Ok');
    expect(jobCalibrationStatus({ validCal: 1, validChk: 2 })).toBe('Expired');
    expect(jobCalibrationStatus({ validCal: 2, validChk: 1 })).toBe('Expired');
    expect(jobCalibrationStatus({ validCal: 0, validChk: 2 })).toBeNull();
  });

  it('name the indexes of their lists, anything else being unknown', () => {
    expect(jobListName('battery', 1)).toBe('Good');
    expect(jobListName('battery', 3)).toBe('Bad');
    expect(jobListName('battery', 9)).toBe('Unknown');
    expect(jobListName('battery', null)).toBe('Unknown');
    expect(jobListName('associationStatus', 3)).toBe('Failed');
  });

  it('answer in the shape of the version header: 2.0 by default, 1.0 on request, nothing else', () => {
    expect(jobApiVersion(undefined)).toBe('2.0');
    expect(jobApiVersion('2')).toBe('2.0');
    expect(jobApiVersion(' 1.0 ')).toBe('1.0');
    expect(jobApiVersion('3.0')).toBeNull();
    expect(jobApiVersion('latest')).toBeNull();
    const job: Job = {
      id: '42',
      workflow: 'BATTERY-TEST',
      beginDate: '2026-11-22T08:00:00.000Z',
      postedDate: '2026-11-22T08:05:00.000Z',
      jobType: 0,
      jobStatus: 0,
      serialNumber: 'BTS5E6746900004',
      deviceType: 'BATTERY-TESTER',
      user: 'marie.durand0',
      group: null,
      data: { VIN: 'WVWZZZ1JZXW000001', RO: 'RO-1001', VOLTAGES: [12.6, 12.4] },
      result: { validCal: 1, validChk: 1, sn: 'BTS5E6746900004', gresst: 1 },
    };
    expect(jobListAnswerSchema.parse({ data: [job] }).data[0]).toEqual(job);
    expect(jobListAnswerV1Schema.safeParse({ data: [job] }).success).toBe(false);
    expect(jobListAnswerV1Schema.parse({ jobs: [job], totalCount: 1 }).totalCount).toBe(1);
  });
});
