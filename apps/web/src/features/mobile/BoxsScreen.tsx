import { type ModuleLabelTarget, parseLabelTarget } from '@kropla/domain'
import { Button, Card, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createCodeReader } from './code-reader'
import { DeviceScreenFrame } from './DeviceScreenFrame'
import { barcodeReader, cameraSupport } from './device-support'
import { useOpenLabel } from './open-label'
import { TypedLabelForm } from './TypedLabelForm'

/** How often a camera frame is looked at for a code. */
const frameEveryMs = 250

/**
 * `/mobile/boxs`: the QR code (or barcode) on a module's box, read with the camera, opens the
 * add-module wizard with the serial number and PIN filled in (the module page when it is on the
 * account already). The label text can be typed too.
 */
export function BoxsScreen() {
  const { t } = useTranslation()
  const support = cameraSupport()
  const openLabel = useOpenLabel()
  const [isOn, setOn] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [misread, setMisread] = useState<string | null>(null)

  function open(target: ModuleLabelTarget) {
    setProblem(openLabel(target) ? null : t('mobile_devices.not_on_account'))
  }

  return (
    <DeviceScreenFrame
      title={t('nav.boxs')}
      intro={t('mobile_devices.boxs_intro')}
      support={support}
      unsupportedKey="boxs_unsupported"
      unsupportedTestId="camera-unsupported"
      problem={problem}
      problemTestId="boxs-problem"
    >
      {support === 'supported' && (
        <Stack gap="xs">
          {barcodeReader() === 'library' && (
            <Text size="xs" c="dimmed">
              {t('mobile_devices.camera_reader_library')}
            </Text>
          )}
          <Button
            size="lg"
            variant={isOn ? 'default' : 'filled'}
            onClick={() => {
              setProblem(null)
              setMisread(null)
              setOn(!isOn)
            }}
            data-testid="camera-toggle"
          >
            {t(isOn ? 'mobile_devices.camera_stop' : 'mobile_devices.camera_start')}
          </Button>
          {isOn && (
            <CameraScanner
              onText={(text) => {
                const target = parseLabelTarget(text, window.location.origin)
                if (!target) {
                  setMisread(text)
                  return false
                }
                open(target)
                return true
              }}
              onFailure={() => {
                setOn(false)
                setProblem(t('mobile_devices.camera_failed'))
              }}
            />
          )}
          {isOn && misread && (
            <Text size="sm" c="orange.9" data-testid="boxs-misread">
              {t('mobile_devices.code_not_ours', { text: misread.slice(0, 60) })}
            </Text>
          )}
        </Stack>
      )}
      <Card withBorder>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('mobile_devices.typed_title')}
          </Title>
          <TypedLabelForm onTarget={open} />
        </Stack>
      </Card>
    </DeviceScreenFrame>
  )
}

/** The back camera's picture, read for codes until `onText` takes one (returns true). */
function CameraScanner({ onText, onFailure }: { onText: (text: string) => boolean; onFailure: () => void }) {
  const { t } = useTranslation()
  const video = useRef<HTMLVideoElement>(null)
  const handlers = useRef({ onText, onFailure })
  handlers.current = { onText, onFailure }

  useEffect(() => {
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let isRunning = true
    const stopCamera = () => {
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        })
        if (!isRunning) return stopCamera()
        const element = video.current
        if (!element) return
        element.srcObject = stream
        await element.play().catch(() => undefined)
        const reader = await createCodeReader()
        const look = async () => {
          if (!isRunning) return
          const texts = element.readyState >= 2 ? await reader.read(element).catch(() => []) : []
          for (const text of texts) {
            if (isRunning && handlers.current.onText(text)) {
              isRunning = false
              stopCamera()
              return
            }
          }
          if (isRunning) timer = setTimeout(() => void look(), frameEveryMs)
        }
        void look()
      } catch {
        if (isRunning) handlers.current.onFailure()
      }
    })()
    return () => {
      isRunning = false
      clearTimeout(timer)
      stopCamera()
    }
  }, [])

  return (
    <Stack gap={4}>
      <video
        ref={video}
        muted
        playsInline
        aria-label={t('mobile_devices.camera_preview')}
        data-testid="camera-preview"
        style={{ width: '100%', maxHeight: '60vh', background: '#000', borderRadius: 8, objectFit: 'cover' }}
      />
      <Text size="sm" role="status">
        {t('mobile_devices.camera_looking')}
      </Text>
    </Stack>
  )
}
