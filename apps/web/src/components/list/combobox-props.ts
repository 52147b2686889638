/**
 * Mantine keeps a closed dropdown in the page, hidden; its listbox is named after the field's label,
 * so "Page size" would name two elements. Closed dropdowns leave the page instead.
 */
export const CLOSED_UNMOUNTED = { keepMounted: false } as const;
