import { UserIcon } from './icons';

/** A person's picture, or a stand-in when they have none (the header's menu, the profile page). */
export function Avatar({ image, name, size = 36 }: { image: string | null | undefined; name: string; size?: number }) {
  if (image) {
    return (
      <img
        src={image}
        alt=""
        width={size}
        height={size}
        className="rounded-full object-cover ring-2 ring-gold-400"
        style={{ width: size, height: size }}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span
      className="inline-flex items-center justify-center rounded-full bg-brand-100 text-brand-800 ring-2 ring-gold-400"
      style={{ width: size, height: size }}
      // A picture of the person (their initials' stand-in): named as an image, as the photo is.
      role="img"
      aria-label={name}
    >
      <UserIcon className="h-5 w-5" />
    </span>
  );
}
