/** The hexagonal parcel mark. Decorative unless given a label. */
export function Logo({ size = 30, label }: { size?: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d="M16 2 28 9v14l-12 7-12-7V9z" fill="var(--brand)" />
      <path d="M16 9 22.5 12.7v7.6L16 24l-6.5-3.7v-7.6z" fill="#fff" />
      <path d="M9.5 12.7 16 16.4l6.5-3.7M16 16.4V24" stroke="var(--brand)" strokeWidth="1.6" fill="none" />
    </svg>
  );
}
