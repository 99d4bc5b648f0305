/** The time, updated once a minute: enough for "Due in 2 h" and a board's ages to stay true without a refetch. */
import { useEffect, useState } from 'react';

const MINUTE = 60_000;

export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}
