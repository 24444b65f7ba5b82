#!/usr/bin/env bash
# Installs Tablemate as a service on Raspberry Pi OS, or upgrades it. From a checkout:
#
#     sudo systemd/install.sh [--enable-i2c] [--hostname NAME]
#     systemd/install.sh --root DIR        (staging: everything under DIR, nothing else)
#
# It creates the tablemate system user (groups gpio, i2c, dialout), a virtualenv in
# /opt/tablemate/venv built by the system's /usr/bin/python3 with Tablemate installed,
# its bytecode and message catalogs compiled (the service never writes there), a
# default /etc/tablemate/tablemate.toml (kept if it exists), a polkit rule letting the
# tablemate user start and stop the box's own Wi-Fi hotspot through NetworkManager,
# and the tablemate.service unit, enabled and (re)started. --enable-i2c switches the
# I2C bus on for the OLED. --hostname names the box on the network (phones reach it
# as NAME.local through avahi); a box still called "raspberrypi" becomes "tablemate".
# Running it again is the upgrade: it backs the journal up first (tablemate backup
# --auto, kept in /var/lib/tablemate/backups), installs, and restarts; the journal is
# migrated when the box starts, and a journal from a newer release is refused untouched.
#
# --root DIR stages the install for tests and packaging: the venv, config, unit and
# polkit rule go under DIR (DIR/opt/tablemate, DIR/etc/...); no user, group, apt,
# hostname or systemctl change, and files stay readable by every user.
set -euo pipefail

usage() { sed -n '2,22s/^# \{0,1\}//p' "$0"; }

root=""
enable_i2c=no
hostname_wanted=""
while [ $# -gt 0 ]; do
    case $1 in
        --enable-i2c) enable_i2c=yes ;;
        --hostname) hostname_wanted=${2:?--hostname needs a name}; shift ;;
        --root) root=${2:?--root needs a folder}; shift ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done
staged() { [ -n "$root" ]; }

prefix=$root/opt/tablemate
venv=$prefix/venv
config_dir=$root/etc/tablemate
config=$config_dir/tablemate.toml
unit_dir=$root/etc/systemd/system
polkit_dir=$root/etc/polkit-1/rules.d
state_dir=$root/var/lib/tablemate  # made by systemd (StateDirectory=), owned by the user
user=tablemate
unit=tablemate.service
# The system's Python, as Raspberry Pi OS ships it: another python3 first on PATH (a
# pyenv build under /root, say) may not be runnable by the service user.
python=/usr/bin/python3

if ! staged && [ "$(id -u)" != 0 ]; then
    echo "install.sh: run me as root: sudo $0" >&2
    exit 1
fi
repo=$(cd "$(dirname "$0")/.." && pwd)

if ! staged; then
    echo "== system packages"
    # The build packages are for 32-bit Raspberry Pi OS, where PyPI has no wheel of
    # Pillow and pip may have to compile it (scripts/setup does the same).
    wanted=(python3 python3-venv)
    case $(uname -m) in
        armv7l | armv6l) wanted+=(gcc python3-dev libjpeg-dev zlib1g-dev libfreetype-dev) ;;
    esac
    missing=()
    for package in "${wanted[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" \
            || missing+=("$package")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
    fi
    # esbuild bundles the page scripts below (webui/bundle.py); optional: without it the
    # pages load their scripts one by one.
    command -v esbuild >/dev/null \
        || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq esbuild; } \
        || echo "install.sh: no esbuild; the pages will load their scripts one by one" >&2
    # gpiozero's pin library: Raspberry Pi OS's python3-lgpio where the archive has it
    # (the venv sees it through --system-site-packages), else PyPI's lgpio below.
    lgpio_from_apt=no
    if apt-cache show python3-lgpio >/dev/null 2>&1; then
        dpkg-query -W -f='${Status}' python3-lgpio 2>/dev/null | grep -q "ok installed" \
            || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-lgpio
        lgpio_from_apt=yes
    fi

    echo "== user $user"
    for group in gpio i2c dialout; do
        getent group "$group" >/dev/null || groupadd --system "$group"
    done
    if ! id "$user" >/dev/null 2>&1; then
        useradd --system --user-group --home-dir "$state_dir" --no-create-home \
            --shell /usr/sbin/nologin "$user"
    fi
    usermod --append --groups gpio,i2c,dialout "$user"

fi

if [ -x "$venv/bin/tablemate" ] && [ -e "$state_dir/journal.sqlite3" ]; then
    echo "== backup (upgrade)"
    # The release being replaced copies its own journal, so whatever the new one does
    # to it, this copy opens with the old one (tablemate restore --last). As the
    # service user, who owns the data directory.
    as_service=()
    staged || as_service=(runuser -u "$user" --)
    # A release older than `backup --auto` writes the same name itself.
    "${as_service[@]}" "$venv/bin/tablemate" backup --auto --reason upgrade --data "$state_dir" \
        2>/dev/null \
        || "${as_service[@]}" "$venv/bin/tablemate" backup --data "$state_dir" \
            "$state_dir/backups/journal-$(date -u +%Y%m%d-%H%M%S)-upgrade.sqlite3"
fi

echo "== virtualenv $venv"
mkdir -p "$prefix"
if [ -x "$venv/bin/python" ] && ! grep -qx "home = $(dirname "$(readlink -f $python)")" "$venv/pyvenv.cfg"; then
    rm -rf "$venv"  # made by another Python (an older install.sh took the first on PATH)
fi
[ -x "$venv/bin/python" ] || "$python" -m venv --system-site-packages "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
extras=""
if ! staged && grep -qs "Raspberry Pi" /proc/device-tree/model && [ "$lgpio_from_apt" = no ]; then
    extras="[pi]"
fi
# setuptools builds in the checkout and reuses build/lib, where a module removed since
# the last build would still be packaged: start each build from the sources alone.
rm -rf "$repo/build"
"$venv/bin/python" -m pip install --quiet --upgrade "$repo$extras"
# Compiled now, as root: the service cannot write under /opt (ProtectSystem=strict).
# (From /, so Python finds the installed package, not this checkout's.)
(cd / && "$venv/bin/python" -c "from device.i18n.catalogs import compile_all; compile_all()")
(cd / && "$venv/bin/python" -c "from webui.bundle import main; main()") || true
"$venv/bin/python" -m compileall -q -j 0 "$venv" >/dev/null

echo "== config $config"
mkdir -p "$config_dir"
if [ ! -e "$config" ]; then
    cat >"$config" <<'TOML'
# Tablemate settings; every key is optional. Restart after a change:
#     sudo systemctl restart tablemate
[web]
port = 8000

[hardware]
simulate = false
# display = "ssd1306"         # or "sh1106"
# dim_after = 60              # seconds; 0: never dim
# muted = false
# serial_port = "/dev/ttyACM0" # the LED ring controller, if there is one
# Pins: see docs/wiring.md for the default map and every key.

[network]
# hotspot = "auto"            # "off", or "auto": the box's own Wi-Fi when no known
#                             # network is up at start (docs/network.md)
# hotspot_ssid = "Tablemate"
# hotspot_password = ""       # empty: a new one is made and kept in the journal
TOML
fi

echo "== polkit rule (the hotspot)"
mkdir -p "$polkit_dir"
install -m 0644 "$repo/systemd/50-tablemate-hotspot.rules" "$polkit_dir/"

echo "== service $unit"
mkdir -p "$unit_dir"
install -m 0644 "$repo/systemd/$unit" "$unit_dir/$unit"

if staged; then
    chmod -R a+rX "$root/opt" "$root/etc"
    echo "Tablemate is staged under $root."
    exit 0
fi

chown root:"$user" "$config_dir" "$config"
chmod 0750 "$config_dir"
chmod 0640 "$config"

current=$(hostname)
if [ -z "$hostname_wanted" ] && [ "$current" = raspberrypi ]; then
    hostname_wanted=tablemate
fi
if [ -n "$hostname_wanted" ] && [ "$hostname_wanted" != "$current" ]; then
    echo "== hostname $hostname_wanted (phones: http://$hostname_wanted.local:8000)"
    hostnamectl set-hostname "$hostname_wanted"
    sed -i "s/^127\.0\.1\.1\s.*/127.0.1.1\t$hostname_wanted/" /etc/hosts
    systemctl try-restart avahi-daemon.service || true
fi

reboot_needed=no
if [ "$enable_i2c" = yes ]; then
    echo "== I2C"
    if ! command -v raspi-config >/dev/null; then
        echo "install.sh: raspi-config not found: enable I2C by hand (dtparam=i2c_arm=on)" >&2
        exit 1
    fi
    if [ "$(raspi-config nonint get_i2c)" != 0 ]; then
        raspi-config nonint do_i2c 0  # 0 means "enable"
        reboot_needed=yes
    fi
fi

systemctl daemon-reload
systemctl try-reload-or-restart polkit.service 2>/dev/null || true
systemctl enable "$unit"
systemctl restart "$unit"

echo "Tablemate is installed. Logs: journalctl -u tablemate -f"
echo "Self-test: sudo systemctl stop tablemate && sudo -u $user sh -c \\"
echo "    'cd $state_dir && LG_WD=$state_dir $venv/bin/tablemate selftest --real --config $config'"
if [ "$reboot_needed" = yes ]; then
    echo "I2C was just enabled: reboot once for the OLED to appear (sudo reboot)."
fi
