export const enFarmZone = {
  times_in: "Times in the farm's time zone: {{zone}}.",
  yours: 'Your time zone: {{zone}}.',
  typed_in_yours: 'Your time: {{times}}.',
}
