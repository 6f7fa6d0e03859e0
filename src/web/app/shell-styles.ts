// Only the Mantine styles the shell and Home need on first load; screens load theirs with their
// lazy chunk (components/screen-styles). Order matters: a component's sheet comes after the sheets
// of the components it is built on (UnstyledButton first).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/AppShell.css';
import './global.css';
