/** Spec 01 section 9: how long a notification stays on screen. */
export const notificationAutoCloseMs = 3000

/** Spec 01 section 9: a screen part that has not loaded by then says so. */
export const loadTimeoutMs = 120_000

/** Spec 01 section 9: the top panel is 70 px high. */
export const topPanelHeight = 70

/** The product name in the second-generation routes (`/{product}_2/...`, spec 01 section 2). */
export const productSlug = 'kropla'

/** The terms and conditions the registration links to, per interface language (the operator's site). */
export const termsUrl = { en: 'https://kropla.app/en/terms', pl: 'https://kropla.app/pl/regulamin' } as const
