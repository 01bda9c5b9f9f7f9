export function ConfigErrorScreen({ message }: { message: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-navy p-6 text-white">
      <div role="alert" className="max-w-lg rounded-lg border border-gold/60 bg-navy-light p-6">
        <h1 className="text-xl font-bold text-gold">Situs belum dikonfigurasi</h1>
        <p className="mt-3 text-sm leading-relaxed text-white/90">{message}</p>
      </div>
    </main>
  )
}
