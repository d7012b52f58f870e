export function App() {
  return (
    <main>
      <h1>Educator Learning Platform</h1>
      <p>The app is being built; the catalogue, your learning and the usage report arrive here soon.</p>
    </main>
  );
}
