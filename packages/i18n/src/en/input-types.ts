export const enInputTypes = {
  digital_12: { 0: 'None', 1: 'Binary input', 2: 'Binary output' },
  digital_34: { 0: 'None', 1: 'Binary input', 2: 'Impulse (counter) input' },
  analog: { 0: 'None', 1: 'Current 4-20 mA', 2: 'Voltage 0-10 V', 3: 'PT1000' },
}
