import type { ModuleLabelTarget } from '@kropla/domain'
import { useNavigate } from 'react-router'
import { modulePath, modulesPath } from '../modules/objects-api'
import { useSession } from '../session/use-session'

/** The add-module wizard, opened with the serial (and PIN) filled in. */
export function addModulePath(serial: string, pin: string | null): string {
  const query = new URLSearchParams({ add: '1', serial })
  if (pin) query.set('pin', pin)
  return `${modulesPath}?${query.toString()}`
}

/** The address of a module's page in this app, as a tag's URL record carries it. */
export function moduleUrl(id: number): string {
  return `${window.location.origin}${window.location.pathname}#${modulePath(id)}`
}

/**
 * Goes where a scanned tag or label leads: the module's page when the module is on the account,
 * else the add-module wizard with its serial and PIN. Gives `false` for a page link to a module
 * the account does not have (nothing to open).
 */
export function useOpenLabel(): (target: ModuleLabelTarget) => boolean {
  const { objects } = useSession()
  const navigate = useNavigate()
  return (target) => {
    if (target.kind === 'module') {
      if (!objects.some((object) => object.id === target.id)) return false
      void navigate(modulePath(target.id))
      return true
    }
    const serial = target.serial.toLowerCase()
    const found = objects.find((object) => object.serial.toLowerCase() === serial)
    void navigate(found ? modulePath(found.id) : addModulePath(target.serial, target.pin))
    return true
  }
}
