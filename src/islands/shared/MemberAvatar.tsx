// A member's avatar at the size it is drawn: Storage renders it as a square of that many CSS pixels
// (and twice that for dense screens), so a comment or the header downloads a few kilobytes instead
// of the uploaded picture (up to 2 MB). Hosted Supabase renders only on plans with image
// transformations; elsewhere the render URL fails (403 FeatureNotEnabled) and the avatar falls
// back to the original, for this and every later avatar of the page.
import { useState } from 'react';
import { avatarUrl, renderedAvatarUrl } from './client';

/** Set once a render URL failed on this page, so later avatars ask for the original at once. */
let renderingUnavailable = false;

interface Props {
  /** `profiles.avatar_path`: `<member id>/<file>` in the `avatars` bucket. */
  path: string;
  /** The drawn size in CSS pixels (the image is square). */
  size: number;
  className?: string;
}

export function MemberAvatar({ path, size, className }: Props) {
  const [rendered, setRendered] = useState(!renderingUnavailable);
  const sources = rendered
    ? {
        src: renderedAvatarUrl(path, size),
        srcSet: `${renderedAvatarUrl(path, size)} 1x, ${renderedAvatarUrl(path, size * 2)} 2x`,
      }
    : { src: avatarUrl(path) };
  return (
    <img
      className={className}
      {...sources}
      alt=""
      width={size}
      height={size}
      onError={() => {
        if (!rendered) return;
        renderingUnavailable = true;
        setRendered(false);
      }}
    />
  );
}
