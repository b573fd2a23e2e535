// Mantine's full stylesheet, imported by the lazy screens beyond the login form (the signed-in
// layout, registration, password reset, invitation), so it loads with their chunks and does not
// block the login page's first paint. It repeats the first screen's rules in the same order.
import '@mantine/core/styles.css'
