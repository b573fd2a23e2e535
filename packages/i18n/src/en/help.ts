export const enHelp = {
  title: 'Help',
  intro: 'Guides and answers to common questions are on the Kropla help site, in your language.',
  site: 'Help site',
  open: 'Open the help site',
  support: 'Still stuck? Write to',
}
