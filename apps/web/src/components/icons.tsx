import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ size = 16, children, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
      {...props}
    >
      {children}
    </svg>
  );
}

export const CheckMarkIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 12l5 5L20 7" />
  </Icon>
);

export const CrossIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const DotIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="4" fill="currentColor" />
  </Icon>
);

/** A gauge: the calibration of a measuring device. */
export const GaugeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 17a8 8 0 1 1 16 0" />
    <path d="M12 17l4-5" />
  </Icon>
);

export const FirstPageIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M17 6l-6 6 6 6M7 6v12" />
  </Icon>
);

export const PreviousPageIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M15 6l-6 6 6 6" />
  </Icon>
);

export const NextPageIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 6l6 6-6 6" />
  </Icon>
);

export const LastPageIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 6l6 6-6 6M17 6v12" />
  </Icon>
);

/** An arrow leaving a box: the link opens in a new tab. */
export const NewTabIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Icon>
);

export const CopyIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V5a1 1 0 0 1 1-1h10" />
  </Icon>
);

/** A list with ticks: the user's tasks. */
export const TasksIcon = (props: IconProps) => (
  <Icon size={20} {...props}>
    <path d="M4 6l1.5 1.5L8 5M4 12l1.5 1.5L8 11M4 18l1.5 1.5L8 17" />
    <path d="M11 6h9M11 12h9M11 18h9" />
  </Icon>
);

/** A bell: the notifications. */
export const BellIcon = (props: IconProps) => (
  <Icon size={20} {...props}>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" />
    <path d="M10 21h4" />
  </Icon>
);

/** Three dots: more actions on a row. */
export const MoreIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="5" cy="12" r="1.5" fill="currentColor" />
    <circle cx="12" cy="12" r="1.5" fill="currentColor" />
    <circle cx="19" cy="12" r="1.5" fill="currentColor" />
  </Icon>
);

/** Four arrows: a thing that can be moved. */
export const MoveIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3v18M3 12h18M9 6l3-3 3 3M9 18l3 3 3-3M6 9l-3 3 3 3M18 9l3 3-3 3" />
  </Icon>
);

/** Sliders: the settings of one thing. */
export const SlidersIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
    <circle cx="16" cy="6" r="2" />
    <circle cx="10" cy="12" r="2" />
    <circle cx="18" cy="18" r="2" />
  </Icon>
);

/** A corner grip: drag to resize. */
export const ResizeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 10L10 20M20 16l-4 4" />
  </Icon>
);
