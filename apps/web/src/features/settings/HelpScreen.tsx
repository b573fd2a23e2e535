import { Anchor, Button, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Loaded } from '../../app/ui/Loaded'
import { SettingsCard } from './SettingsCard'
import { SettingsPage } from './SettingsPage'
import { useAbout } from './settings-api'

/** settings/help (spec 01 section 2, "Help opens an external help site per language"). */
export function HelpScreen() {
  const { t, i18n } = useTranslation()
  const about = useAbout()
  return (
    <SettingsPage title={t('help.title')} intro={t('help.intro')}>
      <Loaded query={about}>
        {(answer) => {
          const lang = i18n.language === 'pl' ? 'pl' : 'en'
          const url = answer.help_urls[lang] ?? answer.help_urls.en ?? ''
          return (
            <SettingsCard title={t('help.site')}>
              <Stack gap="sm" align="flex-start">
                <Button
                  component="a"
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="help-link"
                >
                  {t('help.open')}
                </Button>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {url}
                </Text>
                <Text size="sm">
                  {t('help.support')}{' '}
                  <Anchor href={`mailto:${answer.support_email}`}>{answer.support_email}</Anchor>
                </Text>
              </Stack>
            </SettingsCard>
          )
        }}
      </Loaded>
    </SettingsPage>
  )
}
