import { Box, Group, List, Text, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { checkPasswordRules } from './password-rules'

function RuleMark({ met }: { met: boolean }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 16 16"
      w={14}
      h={14}
      aria-hidden="true"
      c={met ? 'teal.7' : 'gray.5'}
      style={{ flexShrink: 0 }}
    >
      {met ? (
        <path fill="currentColor" d="M6.2 11.6 2.8 8.2l1.1-1.1 2.3 2.3 5.9-5.9 1.1 1.1z" />
      ) : (
        <circle cx="8" cy="8" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      )}
    </Box>
  )
}

/** The password rules as a checklist that ticks itself while the user types. */
export function PasswordRules({ password, confirmation }: { password: string; confirmation: string }) {
  const { t } = useTranslation()
  const rules = checkPasswordRules(password, confirmation)
  return (
    <Box aria-live="polite" data-testid="password-rules">
      <Text size="xs" c="dimmed" mb={4}>
        {t('passwordRules.title')}
      </Text>
      <List spacing={2} size="xs" listStyleType="none">
        {rules.map(({ rule, met }) => (
          <List.Item key={rule} data-rule={rule} data-met={met}>
            <Group gap={6} wrap="nowrap">
              <RuleMark met={met} />
              <Text size="xs" c={met ? 'teal.8' : 'dimmed'}>
                {t(`passwordRules.${rule}`)}
                <VisuallyHidden component="span">
                  {` (${met ? t('passwordRules.met') : t('passwordRules.not_met')})`}
                </VisuallyHidden>
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Box>
  )
}
