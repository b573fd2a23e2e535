import { type Lang, pickLang } from '@kropla/i18n/lang'
import { NativeSelect } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useChangeLanguage } from './use-change-language'

export function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  const changeLanguage = useChangeLanguage()
  const options: { value: Lang; label: string }[] = [
    { value: 'pl', label: t('app.lang_pl') },
    { value: 'en', label: t('app.lang_en') },
  ]
  return (
    <NativeSelect
      size="xs"
      aria-label={t('app.language')}
      name="lang"
      data={options}
      value={pickLang([i18n.language])}
      onChange={(event) => changeLanguage(pickLang([event.currentTarget.value]))}
    />
  )
}
