// The signed-in member's own profile (name, avatar, role, locale), read through RLS as the member.
// The account island announces changes with a window event so the header updates without a reload.
import type { PostgrestClient } from '@supabase/postgrest-js';
import { useEffect, useState } from 'react';

export interface Profile {
  id: string;
  display_name: string;
  avatar_path: string | null;
  role: 'member' | 'moderator' | 'admin';
  locale: string;
}

export const profileChangedEvent = 'polyglot-press:profile-changed';

export async function fetchProfile(rest: PostgrestClient, userId: string): Promise<Profile | null> {
  const { data } = await rest
    .from('profiles')
    .select('id, display_name, avatar_path, role, locale')
    .eq('id', userId)
    .maybeSingle();
  return data ?? null;
}

/** Tells other islands of the page that the profile changed (the header shows the new avatar). */
export function announceProfileChange(profile: Profile): void {
  window.dispatchEvent(new CustomEvent<Profile>(profileChangedEvent, { detail: profile }));
}

/**
 * The member's profile, refetched when the user changes and updated by announcements. `loadRest`
 * (stable across renders) gives the REST client, downloaded on the first read.
 */
export function useProfile(
  loadRest: () => Promise<PostgrestClient>,
  userId: string | null,
): Profile | null {
  const [profile, setProfile] = useState<Profile | null>(null);
  useEffect(() => {
    if (userId === null) {
      setProfile(null);
      return;
    }
    let current = true;
    void loadRest()
      .then((rest) => fetchProfile(rest, userId))
      .then(
        (found) => {
          if (current) setProfile(found);
        },
        () => {
          // Not downloaded (offline): no profile, as when the read finds none.
        },
      );
    const onChange = (event: Event) => {
      const changed = (event as CustomEvent<Profile>).detail;
      if (changed.id === userId) setProfile(changed);
    };
    window.addEventListener(profileChangedEvent, onChange);
    return () => {
      current = false;
      window.removeEventListener(profileChangedEvent, onChange);
    };
  }, [loadRest, userId]);
  return profile;
}

/** Up to two initials of a display name, for members without an avatar. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return (
    letters
      // Code points, so that a name starting with an emoji or a supplementary letter stays whole.
      .map((word) => Array.from(word ?? '')[0] ?? '')
      .join('')
      .toLocaleUpperCase()
  );
}
