import { NumberInput, type NumberInputProps, Text } from '@mantine/core'

// Both keep what was typed (no clamping), so an out-of-range value stays and the shared schema's
// message says what is wrong. The decimal separator is the user's language's (the theme's default).

/** A non-negative quantity with its unit shown inside the input (area in ha, flow in m³/h). */
export function QuantityInput({ unit, ...props }: NumberInputProps & { unit: string }) {
  return (
    <NumberInput
      min={0}
      clampBehavior="none"
      rightSection={
        <Text size="xs" c="dimmed">
          {unit}
        </Text>
      }
      rightSectionWidth={48}
      {...props}
    />
  )
}

const coordinateBounds = { lat: 90, lng: 180 } as const

/** A latitude or longitude in degrees, to seven decimals (about a centimetre). */
export function CoordinateInput({ axis, ...props }: NumberInputProps & { axis: 'lat' | 'lng' }) {
  return (
    <NumberInput
      min={-coordinateBounds[axis]}
      max={coordinateBounds[axis]}
      clampBehavior="none"
      decimalScale={7}
      {...props}
    />
  )
}
