/** Row height of the desktop grid, pixels; a widget's `h` counts these rows. */
export const gridRowHeight = 40
/** Space between widgets, pixels. */
export const gridMargin = 12
