export const enEquipmentKinds = {
  output: 'Output',
  binary_input: 'Binary input',
  counter_input: 'Counter input',
  voltage_input: 'Voltage input',
  current_input: 'Current input',
  pt1000_input: 'PT1000 input',
}
