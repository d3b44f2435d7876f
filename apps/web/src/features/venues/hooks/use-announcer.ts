import { useCallback, useState } from 'react';

/**
 * The builder's spoken line: each action says what it did ('A구역 3열 5~12번 VIP석으로 칠함') in
 * an aria-live region. The counter makes the same sentence twice in a row still change the text.
 */
export function useAnnouncer() {
  const [announcement, setAnnouncement] = useState({ text: '', count: 0 });
  const announce = useCallback(
    (text: string) => setAnnouncement((current) => ({ text, count: current.count + 1 })),
    [],
  );
  return { announcement: announcement.text, announcementKey: announcement.count, announce };
}
