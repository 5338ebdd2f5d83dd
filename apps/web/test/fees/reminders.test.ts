import { describe, expect, it } from 'vitest';
import { recipientText } from '@/features/fees/lib/reminder-messages';
import { sentQuery } from '@/features/fees/lib/use-reminder-filters';

describe('payment reminder list', () => {
  it('asks the server for sent, unsent or every reminder', () => {
    expect(sentQuery('sent')).toBe('true');
    expect(sentQuery('unsent')).toBe('false');
    expect(sentQuery('all')).toBeUndefined();
  });

  it('says whether the student or a parent was reminded', () => {
    expect(recipientText({ recipientId: 's1', studentId: 's1', recipientName: 'Adaeze Okafor' })).toBe('the student');
    expect(recipientText({ recipientId: 'p1', studentId: 's1', recipientName: 'Ngozi Okafor' })).toBe(
      'Ngozi Okafor (parent)',
    );
  });
});
