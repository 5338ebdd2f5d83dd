import { describe, expect, it } from 'vitest';
import { relativeDay, relativeTime } from '../src/index.js';

// Local times, as the rule counts calendar days where the reader is.
const now = new Date(2026, 0, 31, 9, 30);
const at = (month: number, day: number, hour = 12, minute = 0, second = 0) =>
  new Date(2026, month, day, hour, minute, second).toISOString();

describe('relative day', () => {
  it.each([
    [at(0, 31, 0, 5), 'Today'],
    [at(0, 30, 23, 59), 'Yesterday'],
    [at(0, 29), '2 days ago'],
    [at(0, 25), '6 days ago'],
    [at(0, 24), '1 week ago'],
    [at(0, 17), '2 weeks ago'],
    [at(0, 2), '4 weeks ago'],
    [at(0, 1), '1 Jan 2026'],
  ])('%s reads %s', (iso, expected) => {
    expect(relativeDay(iso, now)).toBe(expected);
  });

  it('calls a time later today Today', () => {
    expect(relativeDay(at(0, 31, 18), now)).toBe('Today');
  });

  it('gives back text that is not a date', () => {
    expect(relativeDay('never', now)).toBe('never');
  });
});

describe('relative time of notifications', () => {
  it.each([
    [at(0, 31, 9, 29, 1), 'Just now'],
    [at(0, 31, 9, 29), '1m'],
    [at(0, 31, 9, 25), '5m'],
    [at(0, 31, 8, 31), '59m'],
    [at(0, 31, 7, 30), '2h'],
    [at(0, 30, 9, 31), '23h'],
    [at(0, 30, 9, 30), '1d'],
    [at(0, 24, 9, 31), '6d'],
    [at(0, 24, 9, 30), '24 Jan 2026'],
  ])('%s reads %s', (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });

  it('gives back text that is not a date', () => {
    expect(relativeTime('soon', now)).toBe('soon');
  });
});
