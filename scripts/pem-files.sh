#!/usr/bin/env bash
# A workflow step: the CA and the client certificate and key, kept as PEM text in the repository's
# secrets (passed in as CA_PEM, CLIENT_CERT_PEM, CLIENT_KEY_PEM), written to files only this user can
# read, in $RUNNER_TEMP/fleet-pem: outside the workspace, so no upload-artifact or cache path takes
# them, and emptied by the runner when the job ends (the job's last step removes them too, for a
# runner that keeps its temp folder). The job's later steps get their paths through GITHUB_ENV:
# FLEET_CA_FILE, FLEET_CLIENT_CERT, FLEET_CLIENT_KEY. A secret not set writes nothing.
set -euo pipefail
dir="${RUNNER_TEMP:?RUNNER_TEMP is not set: run this as a workflow step}/fleet-pem"
umask 077
mkdir -p "$dir"
write() { # <variable for the suite> <file name> <PEM text>
  [ -n "$3" ] || return 0
  printf '%s\n' "$3" > "$dir/$2"
  echo "$1=$dir/$2" >> "${GITHUB_ENV:?GITHUB_ENV is not set}"
  echo "$1: $dir/$2 ($(grep -c '^-----BEGIN ' "$dir/$2") PEM blocks)"
}
write FLEET_CA_FILE ca.pem "${CA_PEM:-}"
write FLEET_CLIENT_CERT client-cert.pem "${CLIENT_CERT_PEM:-}"
write FLEET_CLIENT_KEY client-key.pem "${CLIENT_KEY_PEM:-}"
