import {
  type ClientAccount,
  type ClientAccountAnswer,
  clientAccountRoutes,
  clientAccountSchema,
  countryOptions,
} from '@kropla/domain'
import { pickLang } from '@kropla/i18n/lang'
import {
  Badge,
  Card,
  Checkbox,
  Group,
  Input,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Loaded } from '../../app/ui/Loaded'
import { groupTimeZones, listTimeZones } from '../../lib/time-zones'
import { withFormInput } from '../../lib/use-schema-form'
import { PhoneInput } from '../account-forms/PhoneInput'
import { SaveChangesButton } from '../account-forms/SaveChangesButton'
import { useSettingsForm } from '../account-forms/use-settings-form'
import { useUserFormat } from '../session/use-user-format'
import { SettingsCard } from '../settings/SettingsCard'
import { SettingsPage } from '../settings/SettingsPage'
import { storeClientAccount, useClientAccount } from './client-account-api'
import { DeleteClientAccount } from './DeleteClientAccount'
import { FarmPlaceCard, type FarmPlaceValues, farmPlaceInput } from './FarmPlaceCard'

/** settings/profile/client (admins): account, company, billing and invoice data, contact, correspondence. */
export function ClientAccountScreen() {
  const { t } = useTranslation()
  const client = useClientAccount()
  return (
    <SettingsPage title={t('client.title')}>
      <Loaded query={client}>
        {({ expires_at, blocked, ...account }) => (
          <>
            <AccountStatus answer={{ expires_at, blocked }} />
            <ClientAccountForm account={account} />
          </>
        )}
      </Loaded>
      <DeleteClientAccount />
    </SettingsPage>
  )
}

function AccountStatus({ answer }: { answer: Pick<ClientAccountAnswer, 'expires_at' | 'blocked'> }) {
  const { t } = useTranslation()
  const format = useUserFormat()
  return (
    <Card withBorder radius="md" padding="md" data-testid="client-status">
      <Group gap="xl">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('client.status')}
          </Text>
          <Badge color={answer.blocked ? 'red' : 'teal'} variant="light">
            {answer.blocked ? t('client.blocked') : t('client.active')}
          </Badge>
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('client.expires_at')}
          </Text>
          <Text size="sm" fw={500} data-testid="client-expires">
            {answer.expires_at ? format.dateTime(answer.expires_at) : t('client.no_expiry')}
          </Text>
        </Group>
      </Group>
    </Card>
  )
}

/** The account as the form keeps it: the farm's coordinates each empty until typed or picked. */
type FormValues = Omit<ClientAccount, 'farm_place'> & { farm_place: FarmPlaceValues }
type Form = UseFormReturnType<FormValues>

const toInput = (values: Record<string, unknown>) => ({
  ...values,
  farm_place: farmPlaceInput(values.farm_place as FarmPlaceValues),
})
const formSchema = withFormInput(clientAccountSchema, toInput)

function ClientAccountForm({ account }: { account: ClientAccount }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const { form, submit, isSaving } = useSettingsForm({
    schema: formSchema,
    initialValues: {
      ...account,
      farm_place: {
        address: account.farm_place.address,
        location: account.farm_place.location ?? { lat: null, lng: null },
      },
    } satisfies FormValues as FormValues,
    toBody: (values) => clientAccountSchema.parse(toInput(values)),
    route: clientAccountRoutes.update,
    onSaved: (body) => storeClientAccount(queryClient, body),
    fieldOfCode: { account_name_exists: 'name' },
  })
  const lang = pickLang([i18n.language])
  const countries = useMemo(
    () => countryOptions(lang).map(({ code, name }) => ({ value: code, label: name })),
    [lang],
  )

  const zones = useMemo(() => {
    const known = listTimeZones()
    if (!known.includes(account.time_zone)) known.unshift(account.time_zone)
    return groupTimeZones(known)
  }, [account.time_zone])

  const values = form.getValues()
  const isCompany = values.type === 1

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Section title={t('client.account')}>
          <TextInput label={t('client.name')} required {...form.getInputProps('name')} />
          <Input.Wrapper label={t('client.type')} id="client-type">
            <SegmentedControl
              fullWidth
              name="type"
              aria-labelledby="client-type-label"
              data={[
                { value: '0', label: t('client.type_0') },
                { value: '1', label: t('client.type_1') },
              ]}
              value={String(values.type)}
              onChange={(value) => form.setFieldValue('type', value === '1' ? 1 : 0)}
            />
          </Input.Wrapper>
          <TextInput
            label={isCompany ? t('client.full_name_company') : t('client.full_name_private')}
            autoComplete={isCompany ? 'organization' : 'name'}
            {...form.getInputProps('full_name')}
          />
          {isCompany && <TextInput label={t('client.tax_number')} {...form.getInputProps('tax_number')} />}
          <AddressFields form={form} prefix="" countries={countries} />
          <Select
            label={t('client.time_zone')}
            description={t('client.time_zone_hint')}
            data={zones}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('preferences.nothing_found')}
            maxDropdownHeight={320}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('time_zone')}
          />
        </Section>

        <FarmPlaceCard form={form} />

        <Section title={t('client.billing')}>
          <TextInput label={t('client.billing_name')} {...form.getInputProps('billing.name')} />
          <TextInput
            type="email"
            label={t('client.billing_email')}
            {...form.getInputProps('billing.email')}
          />
          <TextInput label={t('client.tax_number')} {...form.getInputProps('billing.tax_number')} />
          <AddressFields form={form} prefix="billing." countries={countries} />
        </Section>

        <Section title={t('client.contact')}>
          <TextInput
            label={t('client.contact_name')}
            autoComplete="name"
            {...form.getInputProps('contact.name')}
          />
          <TextInput
            type="email"
            label={t('client.contact_email')}
            autoComplete="email"
            {...form.getInputProps('contact.email')}
          />
          <PhoneInput
            label={t('client.contact_phone')}
            autoComplete="tel"
            {...form.getInputProps('contact.phone')}
          />
        </Section>

        <Section title={t('client.correspondence')}>
          <Checkbox
            label={t('client.correspondence_same')}
            {...form.getInputProps('correspondence_same', { type: 'checkbox' })}
            style={{ gridColumn: '1 / -1' }}
          />
          {!values.correspondence_same && (
            <AddressFields form={form} prefix="correspondence." countries={countries} />
          )}
        </Section>

        <SaveChangesButton isSaving={isSaving} />
      </Stack>
    </form>
  )
}

/** A section of the form, its fields in two columns on wider screens. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SettingsCard title={title}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {children}
      </SimpleGrid>
    </SettingsCard>
  )
}

interface AddressFieldsProps {
  form: Form
  prefix: '' | 'billing.' | 'correspondence.'
  countries: { value: string; label: string }[]
}

function AddressFields({ form, prefix, countries }: AddressFieldsProps) {
  const { t } = useTranslation()
  const path = <Field extends 'address' | 'zip' | 'city' | 'country'>(field: Field) =>
    `${prefix}${field}` as `${typeof prefix}${Field}` & Parameters<Form['getInputProps']>[0]
  return (
    <>
      <TextInput
        label={t('client.address')}
        autoComplete="street-address"
        {...form.getInputProps(path('address'))}
      />
      <SimpleGrid cols={2} spacing="md">
        <TextInput label={t('client.zip')} autoComplete="postal-code" {...form.getInputProps(path('zip'))} />
        <TextInput
          label={t('client.city')}
          autoComplete="address-level2"
          {...form.getInputProps(path('city'))}
        />
      </SimpleGrid>
      <Select
        label={t('client.country')}
        data={countries}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('preferences.nothing_found')}
        {...form.getInputProps(path('country'))}
      />
    </>
  )
}
