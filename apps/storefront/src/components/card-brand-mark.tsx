import type { SavedCard } from '@comanda/contract';

/*
 * A card's brand as a small mark beside its masked number (issue 34: "icons for card brands"),
 * drawn here (no image request): Visa's wordmark on its blue, Mastercard's two circles, a plain
 * card for any other. Decorative: the text beside it names the brand.
 */
export function CardBrandMark({ brand }: { brand: SavedCard['brand'] }) {
  return (
    <svg
      className="card-brand-mark"
      viewBox="0 0 40 26"
      width="40"
      height="26"
      aria-hidden="true"
      focusable="false"
      data-brand={brand}
    >
      {brand === 'visa' ? (
        <>
          <rect width="40" height="26" rx="4" fill="#1a1f71" />
          <text
            x="20"
            y="17.5"
            textAnchor="middle"
            fill="#ffffff"
            fontFamily="Arial, Helvetica, sans-serif"
            fontSize="11"
            fontStyle="italic"
            fontWeight="700"
          >
            VISA
          </text>
        </>
      ) : brand === 'mastercard' ? (
        <>
          <rect width="40" height="26" rx="4" fill="#1c1c1c" />
          <circle cx="16" cy="13" r="7.5" fill="#eb001b" />
          <circle cx="24" cy="13" r="7.5" fill="#f79e1b" />
          <path d="M20 6.8a7.5 7.5 0 0 1 0 12.4 7.5 7.5 0 0 1 0-12.4z" fill="#ff5f00" />
        </>
      ) : (
        <>
          <rect x="0.5" y="0.5" width="39" height="25" rx="3.5" fill="none" stroke="currentColor" />
          <rect x="0.5" y="6" width="39" height="4" fill="currentColor" />
          <rect x="5" y="15" width="12" height="3" rx="1" fill="currentColor" />
        </>
      )}
    </svg>
  );
}
