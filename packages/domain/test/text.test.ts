import { describe, expect, it } from 'vitest';
import { capitalize, plural } from '../src/index.js';

describe('text', () => {
  it('counts in the singular only for one', () => {
    expect(plural(0, 'student')).toBe('0 students');
    expect(plural(1, 'student')).toBe('1 student');
    expect(plural(2, 'class', 'classes')).toBe('2 classes');
  });

  it('capitalizes the first letter only', () => {
    expect(capitalize('tuition fee')).toBe('Tuition fee');
    expect(capitalize('')).toBe('');
  });
});
