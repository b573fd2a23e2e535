import { runSimulatorCli } from './run-cli'

await runSimulatorCli()
