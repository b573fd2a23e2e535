export const enSoilTypes = {
  1: 'Heavy clays',
  2: 'Light and medium sandy clays',
  3: 'Clay and dusty sands',
  4: 'Slightly clay and loose sands',
}
