/** Good morning before 12:00, Good afternoon 12:00-16:59, Good evening from 17:00. */
export function greeting(hour: number): 'Good morning' | 'Good afternoon' | 'Good evening' {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}
