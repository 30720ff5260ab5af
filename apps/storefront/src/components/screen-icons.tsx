import { type IconProps, Svg } from './icons.tsx';

/**
 * Icons only lazy screens draw (store info, order result, product summary, PIX). Kept apart from
 * icons.tsx, which the menu home imports: a module sits in one chunk whole, so these would
 * otherwise ride in the menu's first load (docs/decisions/0067).
 */
export const PhoneIcon = (props: IconProps) => (
  <Svg
    d={
      'M6.62 10.79c1.44 2.83 3.76 5.14 6.59 6.59l2.2-2.2c.27-.27.67-.36 1.02-.24 1.12.37 2.33.57 3.57.57.55 0 1 .45 1 1V20c0 .55-.45 1-1 1-9.39 0-17-7.61-17-17 0-.55.45-1 1-1h3.5c.55 0 1 .45 1 1 0 1.25.2 2.45.57 3.57.11.35.03.74-.25 1.02l-2.2 2.2z'
    }
    {...props}
  />
);
export const MailIcon = (props: IconProps) => (
  <Svg
    d={
      'M20 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2zm0 4-8 5-8-5V6l8 5 8-5v2z'
    }
    {...props}
  />
);
export const ChatIcon = (props: IconProps) => (
  <Svg d={'M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2z'} {...props} />
);
export const GlobeIcon = (props: IconProps) => (
  <Svg
    d={
      'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-1 17.93c-3.95-.49-7-3.85-7-7.93 0-.62.08-1.21.21-1.79L9 15v1c0 1.1.9 2 2 2v1.93zm6.9-2.54c-.26-.81-1-1.39-1.9-1.39h-1v-3c0-.55-.45-1-1-1H8v-2h2c.55 0 1-.45 1-1V7h2c1.1 0 2-.9 2-2v-.41c2.93 1.19 5 4.06 5 7.41 0 2.08-.8 3.97-2.1 5.39z'
    }
    {...props}
  />
);
export const CameraIcon = (props: IconProps) => (
  <Svg
    d={
      'M12 15.2a3.2 3.2 0 1 0 0-6.4 3.2 3.2 0 0 0 0 6.4zM9 2 7.17 4H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2h-3.17L15 2H9zm3 15c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5z'
    }
    {...props}
  />
);
export const ThumbIcon = (props: IconProps) => (
  <Svg
    d={
      'M1 21h4V9H1v12zm22-11c0-1.1-.9-2-2-2h-6.31l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L14.17 1 7.59 7.59C7.22 7.95 7 8.45 7 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z'
    }
    {...props}
  />
);
export const PlaceIcon = (props: IconProps) => (
  <Svg
    d={
      'M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7zm0 9.5a2.5 2.5 0 0 1 0-5 2.5 2.5 0 0 1 0 5z'
    }
    {...props}
  />
);
export const CheckIcon = (props: IconProps) => (
  <Svg d={'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z'} {...props} />
);
